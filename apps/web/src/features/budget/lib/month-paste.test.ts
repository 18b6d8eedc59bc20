import type { BudgetItem } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import type { BudgetRow } from './budget-rows.ts';
import { buildMonthModel, sumCentsOf } from './month-grid-model.ts';
import { applyAmounts, applyBlock, type GridItem, parseClipboardBlock, toSaveItem } from './month-paste.ts';
import { itemMonthCents, periodsOf, sumPeriod } from './periods.ts';

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
const item = (id: string, amount: number, phasing?: { Month: string; Amount: number }[]): GridItem => ({
  id,
  name: id,
  months: itemMonthCents({ Amount: amount } as never, phasing, MONTHS),
});

describe('the clipboard block', () => {
  it('reads rows and tab-separated cells as spreadsheets copy them, without a trailing empty row', () => {
    expect(parseClipboardBlock('1\t2\t3\r\n4\t$5.50\t"6"\r\n')).toEqual([
      ['1', '2', '3'],
      ['4', '$5.50', '6'],
    ]);
  });
});

describe('pasting a block', () => {
  const items = [item('a', 300, [{ Month: '2026-01', Amount: 300 }]), item('b', 0.05), item('c', 100)];

  it('fills the cells it lands on and keeps the rest, an unphased item keeping its even spread elsewhere', () => {
    const result = applyBlock({
      block: [
        ['10', '20'],
        ['1,000', ''],
      ],
      items,
      anchorItem: 0,
      anchorMonth: 1,
      planMonths: MONTHS,
    });
    if ('error' in result) throw new Error(result.error);
    const [a, b] = result.changes.map(toSaveItem);
    expect(a).toEqual({
      BudgetItemId: 'a',
      Amount: 330,
      Months: [
        { Month: '2026-01', Amount: 300 },
        { Month: '2026-02', Amount: 10 },
        { Month: '2026-03', Amount: 20 },
      ],
    });
    // 5 cents spread over 5 months is 1 cent each; the block replaced February and March.
    expect(b).toEqual({
      BudgetItemId: 'b',
      Amount: 1000.03,
      Months: [
        { Month: '2026-01', Amount: 0.01 },
        { Month: '2026-02', Amount: 1000 },
        { Month: '2026-03', Amount: 0 },
        { Month: '2026-04', Amount: 0.01 },
        { Month: '2026-05', Amount: 0.01 },
      ],
    });
  });

  it('refuses a block that does not fit, or holds a cell that is not an amount, naming it', () => {
    expect(applyBlock({ block: [['1', '2']], items, anchorItem: 0, anchorMonth: 4, planMonths: MONTHS })).toEqual({
      error: 'The block has 2 columns, but only 1 months are right of the selected cell.',
    });
    expect(applyBlock({ block: [['1'], ['2']], items, anchorItem: 2, anchorMonth: 0, planMonths: MONTHS })).toEqual({
      error: 'The block has 2 rows, but only 1 items are below the selected cell.',
    });
    const bad = applyBlock({ block: [['1', 'x']], items, anchorItem: 0, anchorMonth: 0, planMonths: MONTHS });
    expect('error' in bad && bad.error).toContain('“x” for a, 2026-02');
  });
});

describe('periods', () => {
  it('rolls months up into calendar quarters and years', () => {
    const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04'];
    expect(periodsOf(months, 'Quarters').map((period) => [period.label, period.months.length])).toEqual([
      ['Q4 2025', 2],
      ['Q1 2026', 3],
      ['Q2 2026', 1],
    ]);
    expect(periodsOf(months, 'Year').map((period) => period.label)).toEqual(['2025', '2026']);
    const cents = itemMonthCents({ Amount: 600 } as never, undefined, months).cents;
    expect(periodsOf(months, 'Quarters').map((period) => sumPeriod(cents, period))).toEqual([20_000, 30_000, 10_000]);
  });
});

describe('the month grid model', () => {
  const budgetItem = (id: string, categoryId: string, amount: number) =>
    ({ Id: id, Name: id, BudgetCategoryId: categoryId, Amount: amount }) as BudgetItem;
  const category = (id: string) => ({ kind: 'category', key: `c:${id}`, categoryId: id }) as BudgetRow;
  const rows: BudgetRow[] = [
    category('media'),
    { kind: 'item', key: 'a', item: budgetItem('a', 'media', 300) },
    { kind: 'item', key: 'b', item: budgetItem('b', 'media', 50) },
    category('ops'),
    { kind: 'item', key: 'c', item: budgetItem('c', 'ops', 10) },
  ];

  it('lands a block on item rows only (category rows skipped) and rolls each category up by period', () => {
    const model = buildMonthModel(
      rows,
      [{ BudgetItemId: 'a', Currency: 'USD', Months: [{ Month: '2026-02', Amount: 300, BaseAmount: 300, Version: 1 }] }],
      MONTHS,
    );
    expect(model.items.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect([...model.itemIndexOfRow.entries()]).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
    ]);
    // a is phased into February; b's 50 dollars spread evenly is 10 a month.
    expect(sumCentsOf(model.byCategory.get('media') ?? [], ['2026-01'])).toBe(1_000);
    expect(sumCentsOf(model.byCategory.get('media') ?? [], ['2026-02'])).toBe(31_000);
    expect(sumCentsOf(model.byCategory.get('ops') ?? [], MONTHS)).toBe(1_000);
  });
});

describe('pasting amounts on the Budget column', () => {
  const items = [item('a', 100), item('b', 200), item('p', 300, [{ Month: '2026-01', Amount: 300 }])];

  it('sets each unphased item’s amount from the anchor down, keeping it unphased', () => {
    expect(applyAmounts({ block: [['1,500'], ['$20.25']], items, anchorItem: 0 })).toEqual({
      items: [
        { BudgetItemId: 'a', Amount: 1500, Months: null },
        { BudgetItemId: 'b', Amount: 20.25, Months: null },
      ],
    });
  });

  it('refuses a phased item, a wider block, a block longer than the items and a cell that is not an amount', () => {
    expect(applyAmounts({ block: [['1'], ['2']], items, anchorItem: 1 })).toEqual({
      error: 'p is phased by month: its amount is the sum of its months. Paste the months instead.',
    });
    expect(applyAmounts({ block: [['1', '2']], items, anchorItem: 0 })).toEqual({
      error: 'On the Budget column, paste one column of amounts; paste months on the month columns.',
    });
    expect('error' in applyAmounts({ block: [['1'], ['2'], ['3'], ['4']], items, anchorItem: 0 })).toBe(true);
    const bad = applyAmounts({ block: [['ten']], items, anchorItem: 1 });
    expect('error' in bad && bad.error).toContain('“ten” for b');
  });
});
