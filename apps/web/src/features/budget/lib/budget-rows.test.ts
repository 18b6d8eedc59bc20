import type { BudgetItem } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import {
  buildCampaignRows,
  buildRows,
  filterItems,
  hasFilters,
  NO_CAMPAIGN,
  NO_FILTERS,
  parseDollars,
  sumItems,
  sumsByType,
} from './budget-rows.ts';

const item = (id: string, category: string, amount: number, actual: number, itemType: 1 | 2 = 1): BudgetItem => ({
  Id: id,
  Name: `Item ${id}`,
  Description: null,
  Active: true,
  Currency: 'USD',
  Amount: amount,
  BaseAmount: amount,
  BurnRate: amount ? actual / amount : 0,
  Actual: actual,
  Committed: 0,
  Planned: 0,
  Requested: 0,
  Available: amount - actual,
  LeftToPlan: amount - actual,
  ItemType: itemType,
  BudgetCategoryId: category,
  BudgetCategoryName: `Category ${category}`,
  CategoryType: 1,
  MarketingPlanId: 'plan',
  ObjectiveId: null,
  GeneralLedgerCodeId: null,
  CampaignId: null,
  IsPhased: false,
  UpdatedAt: '2026-01-01T00:00:00.000Z',
  Version: 1,
  CustomFields: {},
});

describe('budget rows', () => {
  const items = [item('a', 'x', 0.1, 0.05), item('b', 'x', 0.2, 0, 2), item('c', 'y', 100, 150)];

  it('adds dollars exactly through cents and computes the burn rate of the sum', () => {
    const sums = sumItems(items.slice(0, 2));
    expect(sums.budget).toBe(0.3);
    expect(sums.burnRate).toBeCloseTo(0.05 / 0.3);
    expect(sumItems([]).burnRate).toBe(0);
  });

  it('adds an item in another currency by its base amount: €1,200.00 ($1,299.00) + $0.10 is $1,299.10 (DESIGN.md §17)', () => {
    const euro: BudgetItem = { ...item('e', 'x', 1299, 0), Currency: 'EUR', Amount: 1200 };
    expect(sumItems([euro, items[0] as BudgetItem]).budget).toBe(1299.1);
  });

  it('puts a category row with its subtotal before the category’s items', () => {
    const rows = buildRows(items);
    expect(rows.map((row) => row.key)).toEqual(['c:x', 'a', 'b', 'c:y', 'c']);
    const header = rows[3];
    expect(header?.kind === 'category' && header.sums).toMatchObject({ budget: 100, actual: 150, available: -50, burnRate: 1.5 });
  });

  it('filters by text, item type and category, and sums per type', () => {
    expect(filterItems(items, { query: 'item B', itemType: null, categoryId: null }).map((row) => row.Id)).toEqual(['b']);
    expect(filterItems(items, { query: '', itemType: 2, categoryId: null }).map((row) => row.Id)).toEqual(['b']);
    expect(filterItems(items, { query: '', itemType: null, categoryId: 'y' }).map((row) => row.Id)).toEqual(['c']);
    expect(sumsByType(items).map((entry) => [entry.itemType, entry.sums.budget])).toEqual([
      [1, 100.1],
      [2, 0.2],
    ]);
  });

  it('reads typed dollars and explains what it cannot read', () => {
    expect(parseDollars('$1,234.5')).toEqual({ value: 1234.5 });
    expect(parseDollars('12.345')).toEqual({ error: 'Enter whole cents: at most 2 decimals (e.g. 123.45).' });
    expect(parseDollars('20000000000')).toEqual({ error: 'The amount can be at most $10,000,000,000.00.' });
    expect(parseDollars('-3')).toEqual({ error: 'The amount cannot be negative: enter $0.00 or more.' });
  });
});

describe('budget rows by campaign (DESIGN.md §16)', () => {
  const inCampaign = (id: string, amount: number, campaign: string | null): BudgetItem => ({
    ...item(id, 'x', amount, 0),
    CampaignId: campaign,
  });
  const items = [inCampaign('a', 19.99, 'tactic'), inCampaign('b', 0.01, 'program'), inCampaign('c', 5, null), inCampaign('d', 1, 'gone')];
  const groups = [
    { id: 'program', name: 'Launch', tag: 'Program' },
    { id: 'tactic', name: 'Launch › Ads', tag: 'Tactic' },
  ];

  it('groups each campaign’s own items in tree order, then the items without a (known) campaign, adding up to the total', () => {
    const rows = buildCampaignRows(items, groups);
    const headers = rows.flatMap((row) => (row.kind === 'category' ? [[row.name, row.tag, row.sums.budget, row.sums.count]] : []));
    expect(headers).toEqual([
      ['Launch', 'Program', 0.01, 1],
      ['Launch › Ads', 'Tactic', 19.99, 1],
      ['No campaign', null, 6, 2],
    ]);
    const total = rows.reduce((sum, row) => sum + (row.kind === 'category' ? Math.round(row.sums.budget * 100) : 0), 0);
    expect(total).toBe(Math.round(sumItems(items).budget * 100));
  });

  it('filters by a campaign with its sub-campaigns, or by no campaign', () => {
    const program = filterItems(items, { ...NO_FILTERS, campaign: 'program' }, new Set(['program', 'tactic']));
    expect(program.map((each) => each.Id)).toEqual(['a', 'b']);
    expect(filterItems(items, { ...NO_FILTERS, campaign: NO_CAMPAIGN }).map((each) => each.Id)).toEqual(['c']);
    expect(hasFilters({ ...NO_FILTERS, campaign: NO_CAMPAIGN })).toBe(true);
  });
});
