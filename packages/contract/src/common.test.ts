import { describe, expect, it } from 'vitest';
import { CalendarDateSchema, DateOnlySchema, ProviderIdSchema, ProviderSecretSchema } from './common.ts';

describe('DateOnlySchema: every date a request carries', () => {
  it.each(['2000-01-01', '2026-02-28', '2028-02-29', '2100-12-31'])('accepts %s', (date) => {
    expect(DateOnlySchema.safeParse(date).success).toBe(true);
  });

  it.each(['1999-12-31', '2101-01-01', '9999-12-31', '0001-01-01'])('refuses %s: outside 2000-01-01 … 2100-12-31', (date) => {
    const result = DateOnlySchema.safeParse(date);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Must be a date from 2000-01-01 to 2100-12-31.']);
  });

  it('answers keep dates stored before the range: 2101-06-30 is still a date there', () => {
    expect(CalendarDateSchema.safeParse('2101-06-30').success).toBe(true);
    expect(CalendarDateSchema.safeParse('2026-02-30').success).toBe(false);
  });
});

describe('provider ids and secrets', () => {
  it.each(['seti_1PqR2sT3uV4wX5yZ', 'price_performance_annual', 'seti_ab12cd34ef56gh78ij90kl12'])('accepts the id %s', (id) => {
    expect(ProviderIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(['', 'seti_\ud800', 'seti_a\udc00b', 'seti/../v1/customers', 'seti 1', 'x'.repeat(256)])('refuses the id %j', (id) => {
    expect(ProviderIdSchema.safeParse(id).success).toBe(false);
  });

  it('accepts Stripe’s and the sandbox’s client secrets, not a lone surrogate', () => {
    expect(ProviderSecretSchema.safeParse('seti_1PqR2sT3uV4wX5yZ_secret_QwErTy123').success).toBe(true);
    expect(ProviderSecretSchema.safeParse('seti_abc_secret_Zx-9_kLmN0pQrStUvWxYz01').success).toBe(true);
    expect(ProviderSecretSchema.safeParse('seti_abc_secret_\ud83d').success).toBe(false);
  });
});
