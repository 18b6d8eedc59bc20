import type { Product } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { dueTodayDollars, initialCycle, initialProduct, perMonthDollars } from './pricing.ts';

const product = (name: string, monthly: [number, number], annual: [number, number]): Product => ({
  Id: '00000000-0000-4000-8000-000000000001',
  Name: name,
  Code: 'performance',
  Description: '',
  Price: monthly[0],
  PriceItems: [
    {
      Id: '00000000-0000-4000-8000-000000000002',
      PriceTypeId: 1,
      Price: monthly[0],
      Discount: monthly[1],
      MetaData: { PriceId: `price_${name}_m` },
    },
    {
      Id: '00000000-0000-4000-8000-000000000003',
      PriceTypeId: 2,
      Price: annual[0],
      Discount: annual[1],
      MetaData: { PriceId: `price_${name}_a` },
    },
  ],
});

const plans = [product('Agility', [49, 0], [49, 10]), product('Performance', [99, 0], [99, 20.01])];

describe('pricing', () => {
  it('shows monthly as the type-1 item minus its discount and annual as the type-2 item minus its discount, per month', () => {
    expect(perMonthDollars(plans[0] as Product, 'month')).toBe(49);
    expect(perMonthDollars(plans[0] as Product, 'year')).toBe(39);
    expect(perMonthDollars(plans[1] as Product, 'year')).toBe(78.99);
  });

  it('charges one month today for monthly billing and twelve annual per-month prices for annual billing, in exact cents', () => {
    expect(dueTodayDollars(plans[0] as Product, 'month')).toBe(49);
    expect(dueTodayDollars(plans[1] as Product, 'year')).toBe(947.88);
  });

  it('bills annually by default and monthly only for bill=month', () => {
    expect(initialCycle(undefined)).toBe('year');
    expect(initialCycle('year')).toBe('year');
    expect(initialCycle('Month')).toBe('month');
  });

  it('selects the query plan case-insensitively, else the first plan', () => {
    expect(initialProduct(plans, 'PERFORMANCE')?.Name).toBe('Performance');
    expect(initialProduct(plans, undefined)?.Name).toBe('Agility');
    expect(initialProduct(plans, 'unknown')?.Name).toBe('Agility');
  });
});
