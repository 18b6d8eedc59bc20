import { describe, expect, it } from 'vitest';
import { formList, formObject, formString, mergeMetadata, parseFormBody } from './form-body.ts';

describe('the sandbox form-body parser', () => {
  it('reads nested keys, indexed lists and repeated `expand[]` as stripe-node and Stripe.js send them', () => {
    const form = parseFormBody(
      [
        'metadata[registration_id]=r-1&metadata[price_id]=price_x',
        'items[0][price]=price_a&items[1][price]=price_b',
        'expand[]=latest_invoice&expand[]=customer',
        'payment_method_data[billing_details][address][line1]=1%20Main%20St',
        'name=A%26B%20%2B%20Co',
      ].join('&'),
    );
    expect(form.metadata).toEqual({ registration_id: 'r-1', price_id: 'price_x' });
    expect(formList(form.items).map((item) => item.price)).toEqual(['price_a', 'price_b']);
    expect(form.expand).toEqual(['latest_invoice', 'customer']);
    expect(formString(formObject(formObject(formObject(form.payment_method_data)?.billing_details)?.address)?.line1)).toBe('1 Main St');
    expect(form.name).toBe('A&B + Co');
  });

  it('keeps the list order by index, not by arrival', () => {
    expect(formList(parseFormBody('items[1][price]=second&items[0][price]=first').items).map((item) => item.price)).toEqual([
      'first',
      'second',
    ]);
  });

  it('never writes to Object.prototype', () => {
    const form = parseFormBody('__proto__[polluted]=yes&metadata[__proto__][polluted]=yes&constructor[prototype][polluted]=yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(mergeMetadata({}, form.metadata)).toEqual({});
  });

  it('merges metadata like Stripe: an empty value removes the key', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, parseFormBody('metadata[a]=&metadata[c]=3').metadata)).toEqual({ b: '2', c: '3' });
  });
});
