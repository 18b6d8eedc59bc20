import type { BudgetItem } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { itemsToSheet } from './budget-export.ts';

const item = (id: string, campaignId: string | null): BudgetItem =>
  ({
    Id: id,
    Name: `Item ${id}`,
    Description: null,
    ItemType: 1,
    Currency: 'USD',
    Amount: 19.99,
    BaseAmount: 19.99,
    BudgetCategoryName: 'Events',
    GeneralLedgerCodeId: null,
    CampaignId: campaignId,
  }) as BudgetItem;

describe('budget items export (DESIGN.md §16)', () => {
  it('writes each item’s campaign by name in a Campaign column, which the import maps back; blank without one', () => {
    const sheet = itemsToSheet([item('a', 'c1'), item('b', null)], [], [], { StartDate: '2026-01-01', EndDate: '2026-02-28' }, [
      { Id: 'c1', Name: 'Spring Launch' },
    ]);
    expect(sheet.header).toEqual([
      'Name',
      'Budget category',
      'Item type',
      'Amount',
      'Currency',
      'Base amount',
      'GL code',
      'Description',
      'Campaign',
      '2026-01',
      '2026-02',
    ]);
    expect(sheet.rows.map((row) => row[8])).toEqual(['Spring Launch', null]);
    // Money columns: the Amount, the Base amount and the months, after the Campaign column.
    expect(sheet.moneyColumns).toEqual([3, 5, 9, 10]);
  });

  it('writes each item’s Currency and Base amount beside its own Amount; with an item in another currency only the Base amount is money', () => {
    const eur = { ...item('e', null), Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 } as BudgetItem;
    const sheet = itemsToSheet(
      [eur, item('u', null)],
      [{ BudgetItemId: 'e', Currency: 'EUR', Months: [{ Month: '2026-02', Amount: 1000, BaseAmount: 1082.5, Version: 1 }] }],
      [],
      { StartDate: '2026-01-01', EndDate: '2026-02-28' },
    );
    expect(sheet.rows.map((row) => row.slice(3, 6))).toEqual([
      [1000, 'EUR', 1082.5],
      [19.99, 'USD', 19.99],
    ]);
    // The months stay in the item's own currency, as the importer reads them.
    expect(sheet.rows[0]?.slice(9)).toEqual([null, 1000]);
    expect(sheet.moneyColumns).toEqual([5]);
  });
});
