import type { BudgetItem, CustomField } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { filterItems, hasFilters, NO_FILTERS } from './budget-rows.ts';

const field = (Id: string, Name: string, Type: CustomField['Type'], Options: string[] = []): CustomField => ({
  Id,
  Entity: 'BudgetItem',
  Name,
  Type,
  Options,
  Required: false,
  Position: 1,
  Version: 1,
});
const FIELDS = [
  field('channel', 'Channel', 'MultiSelect', ['Web', 'Email', 'Events']),
  field('region', 'Region', 'Select', ['EMEA', 'NA']),
  field('note', 'Note', 'Text'),
];

const item = (Id: string, CustomFields: BudgetItem['CustomFields']) =>
  ({ Id, Name: `Item ${Id}`, Description: null, CustomFields }) as BudgetItem;
const ITEMS = [
  item('web', { channel: ['Web'], region: 'EMEA', note: 'Dreamforce booth' }),
  item('both', { channel: ['Web', 'Email'], region: 'NA' }),
  item('none', {}),
];
const ids = (fields: Record<string, string[]>, known = FIELDS) =>
  filterItems(ITEMS, { ...NO_FILTERS, fields }, undefined, known).map((each) => each.Id);

describe('budget rows by custom field (issue 33 item 3)', () => {
  it('MultiSelect keeps items with any of the options; an option no item has keeps none', () => {
    expect(ids({ channel: ['Email', 'Events'] })).toEqual(['both']);
    expect(ids({ channel: ['Web'] })).toEqual(['web', 'both']);
    expect(ids({ channel: ['Events'] })).toEqual([]);
  });

  it('Select is one of the values, Text contains ignoring case, filters combine; a deleted field’s filter is ignored', () => {
    expect(ids({ region: ['NA', 'EMEA'] })).toEqual(['web', 'both']);
    expect(ids({ note: ['DREAMFORCE'] })).toEqual(['web']);
    expect(ids({ channel: ['Web'], region: ['NA'] })).toEqual(['both']);
    expect(ids({ gone: ['x'] })).toEqual(['web', 'both', 'none']);
    expect(hasFilters({ ...NO_FILTERS, fields: { region: ['NA'] } })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, fields: {} })).toBe(false);
  });
});
