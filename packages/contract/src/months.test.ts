import { describe, expect, it } from 'vitest';
import { BudgetItemSaveRequestSchema } from './budget.ts';
import { sumCents, toCents, toDollars } from './money.ts';
import { monthsBetween, spreadCents, spreadOverMonths } from './months.ts';

const ID = '3f1c2b7a-9d4e-4c1a-8f0b-2a6d5e7c9b10';
const item = (Amount: number, Months?: { Month: string; Amount: number }[] | null) => ({
  Name: 'Search ads',
  Amount,
  ItemType: 1,
  BudgetCategoryId: ID,
  MarketingPlanId: ID,
  Months,
});

describe('plan months', () => {
  it('lists every month from the start date’s month to the end date’s, across a year end', () => {
    expect(monthsBetween('2026-11-21', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-03-31', '2026-03-01')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04-01', '2026-03-31')).toEqual([]);
  });
});

describe('the one spreading rule', () => {
  it('gives the leftover cents one each to the first months, so the months sum exactly', () => {
    expect(spreadCents(1000, 3)).toEqual([334, 333, 333]);
    expect(spreadCents(1001, 4)).toEqual([251, 250, 250, 250]);
    expect(spreadCents(-5, 2)).toEqual([-3, -2]);
    expect(spreadCents(7, 0)).toEqual([]);
    const parts = spreadCents(123_456_789, 12);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(123_456_789);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
  });

  it('pairs the spread with the months in order', () => {
    expect(spreadOverMonths(200, ['2026-01', '2026-02', '2026-03'])).toEqual([
      ['2026-01', 67],
      ['2026-02', 67],
      ['2026-03', 66],
    ]);
  });
});

describe('money', () => {
  it('converts between dollars and cents exactly and sums through cents', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(toDollars('123456')).toBe(1234.56);
    expect(toDollars(10n)).toBe(0.1);
    expect(toDollars(null)).toBe(0);
    expect(sumCents([0.1, 0.2, null, undefined])).toBe(30);
  });
});

describe('the phasing-sum rule on a budget item save', () => {
  it('accepts months that add up to the amount to the cent, and no phasing at all', () => {
    const months = [
      { Month: '2026-01', Amount: 100.1 },
      { Month: '2026-02', Amount: 200.2 },
      { Month: '2026-03', Amount: 0.7 },
    ];
    expect(BudgetItemSaveRequestSchema.safeParse(item(301, months)).success).toBe(true);
    expect(BudgetItemSaveRequestSchema.safeParse(item(301)).success).toBe(true);
    expect(BudgetItemSaveRequestSchema.safeParse(item(301, null)).success).toBe(true);
    expect(BudgetItemSaveRequestSchema.safeParse(item(301, [])).success).toBe(true);
  });

  it('refuses months a cent off the amount, naming Months', () => {
    const result = BudgetItemSaveRequestSchema.safeParse(
      item(300, [
        { Month: '2026-01', Amount: 100 },
        { Month: '2026-02', Amount: 199.99 },
      ]),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['Months'],
        message: 'The months add up to $299.99, but the amount is $300.00. They must be equal.',
      }),
    ]);
  });
});
