import type { BudgetItem, CustomField } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { itemsToSheet } from './budget-export.ts';

const field = (Id: string, Name: string, Type: CustomField['Type'], Options: string[] = []): CustomField => ({
  Id,
  Entity: 'BudgetItem',
  Name,
  Type,
  Options,
  Required: false,
  Position: 0,
  Version: 1,
});

const item = (id: string, CustomFields: BudgetItem['CustomFields']): BudgetItem =>
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
    CampaignId: null,
    CustomFields,
  }) as BudgetItem;

describe('budget items export with custom fields (DESIGN.md §16)', () => {
  it('adds a column per BudgetItem field after the months, named as the field; the money columns stay where they were', () => {
    const fields = [
      field('r', 'Region', 'Select', ['EMEA', 'NA']),
      field('c', 'Channel', 'MultiSelect', ['Web', 'Email']),
      field('d', 'Launch', 'Date'),
    ];
    const sheet = itemsToSheet(
      [item('a', { r: 'NA', c: ['Web', 'Email'], d: '2026-02-28' }), item('b', {})],
      [],
      [],
      { StartDate: '2026-01-01', EndDate: '2026-02-28' },
      [],
      fields,
    );
    expect(sheet.header.slice(9)).toEqual(['2026-01', '2026-02', 'Region', 'Channel', 'Launch']);
    expect(sheet.rows[0]?.slice(11)).toEqual(['NA', 'Web, Email', '2026-02-28']);
    expect(sheet.rows[1]?.slice(11)).toEqual([null, null, null]);
    expect(sheet.moneyColumns).toEqual([3, 5, 9, 10]);
  });
});
