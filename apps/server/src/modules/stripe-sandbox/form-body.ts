import qs from 'qs';

/** A value of a Stripe-style form body: `a[b][0]=x` becomes { a: { b: ['x'] } }. */
export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

/**
 * Parses application/x-www-form-urlencoded with Stripe's bracket notation (what stripe-node and
 * Stripe.js send: `metadata[k]=v`, `items[0][price]=p`, `expand[]=x`) with qs, the parser whose
 * format stripe-node's encoder follows. qs refuses `__proto__` and friends and caps depth and
 * parameter count.
 */
export const parseFormBody = (body: string): FormObject => qs.parse(body, { depth: 8, arrayLimit: 100 }) as FormObject;

const isFormObject = (value: FormValue | undefined): value is FormObject => typeof value === 'object' && !Array.isArray(value);

/** The objects of an indexed list (`items[0][price]`, `items[1][price]`, …) in index order. */
export const formList = (value: FormValue | undefined): FormObject[] => (Array.isArray(value) ? value.filter(isFormObject) : []);

export const formString = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

export const formObject = (value: FormValue | undefined): FormObject | undefined => (isFormObject(value) ? value : undefined);

/** Stripe metadata: string values only; an empty string removes a key. */
export const mergeMetadata = (current: Record<string, string>, update: FormValue | undefined): Record<string, string> => {
  const next = { ...current };
  for (const [key, value] of Object.entries(formObject(update) ?? {})) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
};
