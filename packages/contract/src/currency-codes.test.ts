import { describe, expect, it } from 'vitest';
import { amountFitsCurrency, CurrencyAmountSchema, RateSchema, SaveRatesRequestSchema } from './currencies.ts';
import { CURRENCIES, CURRENCY_CODES, convertMinorUnits, fromMinorUnits, toMinorUnits } from './currency-codes.ts';

describe('currency minor units', () => {
  it('are ISO 4217’s, as the runtime’s Intl knows them', () => {
    for (const code of CURRENCY_CODES) {
      const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
      expect([code, CURRENCIES[code].digits]).toEqual([code, digits]);
    }
  });

  it('turn wire decimals into minor units and back for JPY, USD and KWD', () => {
    expect(toMinorUnits(1234, 'JPY')).toBe(1234);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits(1.005, 'KWD')).toBe(1005);
    expect(fromMinorUnits(1005, 'KWD')).toBe(1.005);
    expect(fromMinorUnits('1999', 'USD')).toBe(19.99);
    expect(fromMinorUnits(null, 'JPY')).toBe(0);
  });

  it('accepts as many decimals as the currency has, and not one more', () => {
    expect(amountFitsCurrency(1234, 'JPY')).toBe(true);
    expect(amountFitsCurrency(1234.5, 'JPY')).toBe(false);
    expect(amountFitsCurrency(19.99, 'USD')).toBe(true);
    expect(amountFitsCurrency(19.995, 'USD')).toBe(false);
    expect(amountFitsCurrency(1.005, 'KWD')).toBe(true);
    expect(amountFitsCurrency(1.0005, 'KWD')).toBe(false);
    expect(CurrencyAmountSchema.safeParse(1.0005).success).toBe(false);
  });
});

describe('convertMinorUnits (hand-computed)', () => {
  it('keeps an amount in the base currency unchanged', () => {
    expect(convertMinorUnits(1999, 'USD', 1.5, 'USD')).toBe(1999);
  });

  it('converts EUR cents to USD cents, rounding half away from zero', () => {
    // €19.99 × 1.0825 = $21.639175 → $21.64
    expect(convertMinorUnits(1999, 'EUR', 1.0825, 'USD')).toBe(2164);
    // €0.10 × 1.25 = $0.125 → $0.13 (the half cent goes up), and −€0.10 → −$0.13
    expect(convertMinorUnits(10, 'EUR', 1.25, 'USD')).toBe(13);
    expect(convertMinorUnits(-10, 'EUR', 1.25, 'USD')).toBe(-13);
    // €0.10 × 1.24999999 = $0.124999999 → $0.12
    expect(convertMinorUnits(10, 'EUR', 1.24999999, 'USD')).toBe(12);
  });

  it('converts yen (no decimals) and dinars (3 decimals) to dollars', () => {
    // ¥1,234 × 0.0067 = $8.2678 → $8.27
    expect(convertMinorUnits(1234, 'JPY', 0.0067, 'USD')).toBe(827);
    // ¥75 × 0.0066 = $0.495 → $0.50
    expect(convertMinorUnits(75, 'JPY', 0.0066, 'USD')).toBe(50);
    // KWD 1.005 × 3.25 = $3.26625 → $3.27
    expect(convertMinorUnits(1005, 'KWD', 3.25, 'USD')).toBe(327);
    // KWD 0.001 × 3.25 = $0.00325 → $0.00
    expect(convertMinorUnits(1, 'KWD', 3.25, 'USD')).toBe(0);
  });

  it('is exact at the largest amount and an 8-decimal rate', () => {
    // $10,000,000,000.00 of GBP at 1.27345678 = $12,734,567,800.00
    expect(convertMinorUnits(1_000_000_000_000, 'GBP', 1.27345678, 'USD')).toBe(1_273_456_780_000);
  });
});

describe('rates on the wire', () => {
  it('refuse zero, a ninth decimal and a month given twice', () => {
    expect(RateSchema.safeParse(0).success).toBe(false);
    expect(RateSchema.safeParse(1.23456789).success).toBe(true);
    expect(RateSchema.safeParse(1.234567891).success).toBe(false);
    const twice = SaveRatesRequestSchema.safeParse({
      Rates: [
        { Currency: 'EUR', Month: '2026-03', Rate: 1.08 },
        { Currency: 'EUR', Month: '2026-03', Rate: 1.09 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('EUR 2026-03 is given twice.');
  });
});
