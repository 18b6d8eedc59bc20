import type { Campaign } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { colorsFor, NEUTRAL, PALETTE, textOn } from './calendar-colors.ts';
import {
  buildCalendarRows,
  type CalendarItem,
  type CalendarRow,
  groupByMonth,
  itemSegments,
  NO_CALENDAR_FILTERS,
} from './calendar-rows.ts';

const ROLLUP = { Budget: 0, Planned: 0, Committed: 0, Actual: 0, Forecast: 0, ItemCount: 0 };
const campaign = (id: string, values: Partial<Campaign> = {}): Campaign => ({
  Id: id,
  MarketingPlanId: 'plan',
  ParentId: null,
  Depth: 1,
  Name: id,
  OwnerId: null,
  OwnerName: null,
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  ObjectiveId: null,
  Color: null,
  CustomFields: {},
  Own: ROLLUP,
  Totals: ROLLUP,
  UpdatedAt: '2026-01-01T00:00:00.000Z',
  Version: 1,
  ...values,
});
const item = (id: string, campaignId: string | null, categoryId = 'media'): CalendarItem => ({
  Id: id,
  Name: id,
  Currency: 'USD',
  Amount: 100,
  BaseAmount: 100,
  BudgetCategoryId: categoryId,
  BudgetCategoryName: categoryId === 'media' ? 'Media' : 'Events',
  IsPhased: false,
  CampaignId: campaignId,
});

// Two programs; A holds campaign A1 (Ann's) with tactic A1a (Bob's). In the list the tactic comes
// after B (tree order is parent before child, not depth first).
const CAMPAIGNS = [
  campaign('A', { StartDate: '2026-01-01', EndDate: '2026-06-30' }),
  campaign('B', { StartDate: '2026-07-01', EndDate: '2026-12-31', Color: '#ffd666' }),
  campaign('A1', { ParentId: 'A', Depth: 2, OwnerId: 'ann', OwnerName: 'Ann', StartDate: '2026-03-01', EndDate: '2026-04-30' }),
  campaign('A1a', { ParentId: 'A1', Depth: 3, OwnerId: 'bob', OwnerName: 'Bob', StartDate: '2026-04-01', EndDate: '2026-04-15' }),
];
const ITEMS = [item('ads', 'A1'), item('fair', 'A1a', 'events'), item('loose', null), item('b-item', 'B', 'events')];
const campaignOf = (id: string): Campaign => {
  const found = CAMPAIGNS.find((each) => each.Id === id);
  if (!found) throw new Error(`no campaign ${id}`);
  return found;
};
const PLAN = { start: '2026-01-01', end: '2026-12-31' };
const keys = (rows: readonly CalendarRow[]) => rows.map((row) => (row.kind === 'campaign' && row.context ? `(${row.key})` : row.key));
const build = (filters = NO_CALENDAR_FILTERS) => buildCalendarRows({ campaigns: CAMPAIGNS, items: ITEMS, months: [], plan: PLAN, filters });

describe('the calendar’s rows', () => {
  it('are depth first: a campaign, its own items, then its children; items without a campaign last', () => {
    expect(keys(build())).toEqual([
      'campaign:A',
      'campaign:A1',
      'item:ads',
      'campaign:A1a',
      'item:fair',
      'campaign:B',
      'item:b-item',
      'group:none',
      'item:loose',
    ]);
  });

  it('filter by campaign (with everything under it), by owner and by category, keeping the parents as context', () => {
    expect(keys(build({ ...NO_CALENDAR_FILTERS, campaignId: 'A1' }))).toEqual([
      '(campaign:A)',
      'campaign:A1',
      'item:ads',
      'campaign:A1a',
      'item:fair',
    ]);
    expect(keys(build({ ...NO_CALENDAR_FILTERS, ownerId: 'bob' }))).toEqual(['(campaign:A)', '(campaign:A1)', 'campaign:A1a', 'item:fair']);
    expect(keys(build({ ...NO_CALENDAR_FILTERS, categoryId: 'events' }))).toEqual([
      '(campaign:A)',
      '(campaign:A1)',
      'campaign:A1a',
      'item:fair',
      'campaign:B',
      'item:b-item',
    ]);
    expect(keys(build({ ...NO_CALENDAR_FILTERS, ownerId: 'ann', categoryId: 'events' }))).toEqual([]);
  });

  it('draw an unphased item over its campaign’s dates, a draft’s while it is being moved, and over the plan without a campaign', () => {
    const rows = buildCalendarRows({
      campaigns: CAMPAIGNS,
      items: ITEMS,
      months: [],
      plan: PLAN,
      filters: NO_CALENDAR_FILTERS,
      drafts: new Map([['A1', { start: '2026-05-01', end: '2026-05-31' }]]),
    });
    const segmentsOf = (key: string) => rows.flatMap((row) => (row.key === key && row.kind === 'item' ? row.segments : []));
    expect(segmentsOf('item:ads')).toEqual([{ start: '2026-05-01', end: '2026-05-31' }]);
    expect(segmentsOf('item:loose')).toEqual([PLAN]);
  });

  it('draw a phased item over its months with budget, one bar per run of months, through month ends', () => {
    const months = [
      { Month: '2026-01-01', Amount: 10 },
      { Month: '2026-02-01', Amount: 0.01 },
      { Month: '2026-03-01', Amount: 0 },
      { Month: '2026-11-01', Amount: 5 },
      { Month: '2026-12-01', Amount: 5 },
    ];
    expect(itemSegments(months, PLAN)).toEqual([
      { start: '2026-01-01', end: '2026-02-28' },
      { start: '2026-11-01', end: '2026-12-31' },
    ]);
    expect(itemSegments([{ Month: '2026-04-01', Amount: 0 }], PLAN)).toEqual([]);
  });

  it('group by the months they touch for the phone’s list', () => {
    const groups = groupByMonth(build({ ...NO_CALENDAR_FILTERS, campaignId: 'A1' }), ['2026-02', '2026-03', '2026-04', '2026-05']);
    expect(groups.map((group) => [group.month, group.rows.map((row) => row.key)])).toEqual([
      ['2026-03', ['campaign:A1', 'item:ads']],
      ['2026-04', ['campaign:A1', 'item:ads', 'campaign:A1a', 'item:fair']],
    ]);
  });
});

describe('the calendar’s colours', () => {
  it('by campaign: its own colour, else its parent’s, else one per program; loose items neutral', () => {
    const rows = build();
    const coloring = colorsFor('Campaign', CAMPAIGNS, rows);
    expect(coloring.ofCampaign(campaignOf('A1a'))).toBe(PALETTE[0]);
    expect(coloring.ofItem(item('ads', 'A1'), campaignOf('A1'))).toBe(PALETTE[0]);
    expect(coloring.ofCampaign(campaignOf('B'))).toBe('#ffd666');
    expect(coloring.ofItem(item('loose', null), null)).toBe(NEUTRAL);
    expect(coloring.legend.map((entry) => entry.label)).toEqual(['A', 'B', 'No campaign']);
  });

  it('by owner and by category, with a legend of what is shown', () => {
    const rows = build();
    expect(colorsFor('Owner', CAMPAIGNS, rows).legend.map((entry) => entry.label)).toEqual(['Ann', 'Bob', 'No owner']);
    expect(colorsFor('Category', CAMPAIGNS, rows).legend.map((entry) => entry.label)).toEqual(['Events', 'Media']);
  });

  it('write black on a light colour a person picked and white on the palette', () => {
    expect(textOn('#ffd666')).toBe('#000000');
    for (const color of PALETTE) expect(textOn(color)).toBe('#ffffff');
  });
});
