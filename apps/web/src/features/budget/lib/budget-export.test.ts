import type { BudgetItem } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { itemsToSheet } from './budget-export.ts';

const item = (id: string, campaignId: string | null): BudgetItem =>
  ({
    Id: id,
    Name: `Item ${id}`,
    Description: null,
    ItemType: 1,
    Amount: 19.99,
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
      'GL code',
      'Description',
      'Campaign',
      '2026-01',
      '2026-02',
    ]);
    expect(sheet.rows.map((row) => row[6])).toEqual(['Spring Launch', null]);
    // Money columns: the Amount and the months, after the Campaign column.
    expect(sheet.moneyColumns).toEqual([3, 7, 8]);
  });
});
