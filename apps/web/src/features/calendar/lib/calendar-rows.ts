import type { BudgetItem, Campaign } from '@plansmith/contract';
import type { ItemMonths } from '@plansmith/contract/budget-months';
import { type DateRange, monthEnd, overlaps } from './timeline.ts';

/** What the calendar needs of a budget item; CampaignId is the item's campaign (null: none). */
export type CalendarItem = Pick<
  BudgetItem,
  'Id' | 'Name' | 'Currency' | 'Amount' | 'BaseAmount' | 'BudgetCategoryId' | 'BudgetCategoryName' | 'IsPhased'
> & {
  CampaignId?: string | null;
};

export type CalendarFilters = { campaignId: string | null; categoryId: string | null; ownerId: string | null };
export const NO_CALENDAR_FILTERS: CalendarFilters = { campaignId: null, categoryId: null, ownerId: null };
export const hasCalendarFilters = (filters: CalendarFilters): boolean =>
  filters.campaignId !== null || filters.categoryId !== null || filters.ownerId !== null;

export type ColorBy = 'Campaign' | 'Category' | 'Owner';

export type CampaignRow = {
  kind: 'campaign';
  key: string;
  campaign: Campaign;
  depth: number;
  range: DateRange;
  /** Shown only because a descendant matches the filters. */
  context: boolean;
};
export type ItemRow = {
  kind: 'item';
  key: string;
  item: CalendarItem;
  depth: number;
  /** The item's campaign, when it has one. */
  campaign: Campaign | null;
  /** Runs of consecutive months with budget; the campaign's (or the plan's) dates when unphased. */
  segments: DateRange[];
  /** Whether the segments come from the item's own phasing. */
  phased: boolean;
  /** Month (YYYY-MM) → amount in the item's Currency and in the base (DESIGN.md §17), for phased items. */
  months: ReadonlyMap<string, { Amount: number; BaseAmount: number }>;
};
export type GroupRow = { kind: 'group'; key: string; label: string };
export type CalendarRow = CampaignRow | ItemRow | GroupRow;

/**
 * An item's bars: the runs of consecutive months where its phasing has budget (Jan–Mar and Jun are
 * two bars), from the first day of a run's first month to the last day of its last. Unphased, the
 * item runs over its campaign's dates (or the plan's, without a campaign).
 */
export const itemSegments = (months: readonly { Month: string; Amount: number }[] | undefined, fallback: DateRange): DateRange[] => {
  if (!months || months.length === 0) return [fallback];
  const keys = months
    .filter((month) => month.Amount > 0)
    .map((month) => month.Month.slice(0, 7))
    .sort();
  const segments: DateRange[] = [];
  for (const key of keys) {
    const last = segments[segments.length - 1];
    const start = `${key}-01`;
    if (last && nextMonthStart(last.end) === start) last.end = monthEnd(key);
    else segments.push({ start, end: monthEnd(key) });
  }
  return segments;
};

const nextMonthStart = (date: string): string => {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The campaign and every campaign under it, by id (the list is in tree order, parents first). */
const subtreeOf = (campaigns: readonly Campaign[], rootId: string): Set<string> => {
  const ids = new Set([rootId]);
  for (const campaign of campaigns) if (campaign.ParentId && ids.has(campaign.ParentId)) ids.add(campaign.Id);
  return ids;
};

export type CalendarInput = {
  campaigns: readonly Campaign[];
  items: readonly CalendarItem[];
  months: readonly ItemMonths[];
  plan: DateRange;
  filters: CalendarFilters;
  /** Dates being changed on screen (a drag, arrow keys) before the server has them. */
  drafts?: ReadonlyMap<string, DateRange>;
};

/**
 * The calendar's rows in tree order: each campaign, then its own items, then its children; the items
 * without a campaign last, under "No campaign". Filters: a campaign shows it and everything under it;
 * an owner shows that person's campaigns; a category shows its items and the campaigns holding them.
 * A campaign that does not match but holds one that does stays, marked as context.
 */
export const buildCalendarRows = ({ campaigns, items, months, plan, filters, drafts }: CalendarInput): CalendarRow[] => {
  const byId = new Map(campaigns.map((campaign) => [campaign.Id, campaign]));
  const monthsOf = new Map(months.map((entry) => [entry.BudgetItemId, entry.Months]));
  const inCampaignFilter = filters.campaignId ? subtreeOf(campaigns, filters.campaignId) : null;
  const campaignOk = (campaign: Campaign) =>
    (!inCampaignFilter || inCampaignFilter.has(campaign.Id)) && (!filters.ownerId || campaign.OwnerId === filters.ownerId);
  const itemOk = (item: CalendarItem) => {
    if (filters.categoryId && item.BudgetCategoryId !== filters.categoryId) return false;
    const campaign = item.CampaignId ? byId.get(item.CampaignId) : undefined;
    return campaign ? campaignOk(campaign) : !filters.campaignId && !filters.ownerId;
  };
  const rangeOf = (campaign: Campaign): DateRange => drafts?.get(campaign.Id) ?? { start: campaign.StartDate, end: campaign.EndDate };

  const shownItems = items.filter(itemOk);
  const itemsOf = new Map<string | null, CalendarItem[]>();
  for (const item of shownItems) {
    const key = item.CampaignId && byId.has(item.CampaignId) ? item.CampaignId : null;
    itemsOf.set(key, [...(itemsOf.get(key) ?? []), item]);
  }

  // With a category filter a campaign matches when it holds a matching item; without, by itself.
  const matched = new Set(
    campaigns.filter((campaign) => campaignOk(campaign) && (!filters.categoryId || itemsOf.has(campaign.Id))).map((c) => c.Id),
  );
  const shown = new Set<string>();
  for (const id of matched) {
    for (
      let campaign = byId.get(id);
      campaign && !shown.has(campaign.Id);
      campaign = campaign.ParentId ? byId.get(campaign.ParentId) : undefined
    ) {
      shown.add(campaign.Id);
    }
  }

  const itemRow = (item: CalendarItem, depth: number, campaign: Campaign | null): ItemRow => {
    const own = monthsOf.get(item.Id);
    const phased = item.IsPhased && (own?.length ?? 0) > 0;
    return {
      kind: 'item',
      key: `item:${item.Id}`,
      item,
      depth,
      campaign,
      segments: itemSegments(phased ? own : undefined, campaign ? rangeOf(campaign) : plan),
      phased,
      months: new Map(
        phased ? (own ?? []).map((month) => [month.Month.slice(0, 7), { Amount: month.Amount, BaseAmount: month.BaseAmount }]) : [],
      ),
    };
  };

  const rows: CalendarRow[] = [];
  // Depth first: a campaign, its own items, then each child with everything under it.
  const visit = (campaign: Campaign) => {
    if (!shown.has(campaign.Id)) return;
    rows.push({
      kind: 'campaign',
      key: `campaign:${campaign.Id}`,
      campaign,
      depth: campaign.Depth,
      range: rangeOf(campaign),
      context: !matched.has(campaign.Id),
    });
    for (const item of itemsOf.get(campaign.Id) ?? []) rows.push(itemRow(item, campaign.Depth + 1, campaign));
    for (const child of childrenOf.get(campaign.Id) ?? []) visit(child);
  };
  const childrenOf = new Map<string | null, Campaign[]>();
  for (const campaign of campaigns) {
    const parent = campaign.ParentId && byId.has(campaign.ParentId) ? campaign.ParentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), campaign]);
  }
  for (const root of childrenOf.get(null) ?? []) visit(root);
  const loose = itemsOf.get(null) ?? [];
  if (loose.length > 0) {
    rows.push({ kind: 'group', key: 'group:none', label: 'No campaign' });
    for (const item of loose) rows.push(itemRow(item, 2, null));
  }
  return rows;
};

/** One month of the phone's list: the campaigns running in it and the items with budget in it. */
export type MonthGroup = { month: string; rows: (CampaignRow | ItemRow)[] };

/** The rows grouped by the months they touch (a campaign Mar–May is under March, April and May). */
export const groupByMonth = (rows: readonly CalendarRow[], months: readonly string[]): MonthGroup[] =>
  months
    .map((month) => {
      const range = { start: `${month}-01`, end: monthEnd(month) };
      return {
        month,
        rows: rows.filter(
          (row): row is CampaignRow | ItemRow =>
            (row.kind === 'campaign' && !row.context && overlaps(row.range, range)) ||
            (row.kind === 'item' && row.segments.some((segment) => overlaps(segment, range))),
        ),
      };
    })
    .filter((group) => group.rows.length > 0);
