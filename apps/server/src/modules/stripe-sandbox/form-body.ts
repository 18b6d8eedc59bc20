/** A value of a Stripe-style form body: `a[b][0]=x` becomes { a: { b: { '0': 'x' } } }. */
export type FormValue = string | FormObject;
export type FormObject = { [key: string]: FormValue };

const SEGMENT = /\[([^\]]*)\]/g;

/** Parses application/x-www-form-urlencoded with Stripe's bracket notation (what stripe-node sends). */
export const parseFormBody = (body: string): FormObject => {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = rawKey.split('[')[0] ?? rawKey;
    const keys = [head, ...[...rawKey.matchAll(SEGMENT)].map((match) => match[1] ?? '')];
    let node: FormObject = root;
    keys.forEach((key, index) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') node = next;
      else {
        const created: FormObject = {};
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
};

/** The entries of an indexed form object (`items[0]`, `items[1]`, …) in index order. */
export const formList = (value: FormValue | undefined): FormObject[] =>
  typeof value === 'object'
    ? Object.keys(value)
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => value[key])
        .filter((entry): entry is FormObject => typeof entry === 'object')
    : [];

export const formString = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

export const formObject = (value: FormValue | undefined): FormObject | undefined => (typeof value === 'object' ? value : undefined);

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
