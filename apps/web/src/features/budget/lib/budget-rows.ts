import { moneyProblem } from '../../../shared/format/money-rules.ts';
import { type FieldFilterValues, matchesFieldFilters } from '../../../shared/custom-fields/field-filter-match.ts';
import { type BudgetItem, type CategoryType, type CustomField, type ItemType, toCents, toDollars } from '@plansmith/contract';

export type MoneySums = {
  budget: number;
  actual: number;
  committed: number;
  planned: number;
  available: number;
  /** Budget − Planned − Committed − Actual (DESIGN.md §12). */
  leftToPlan: number;
  burnRate: number;
  count: number;
};

/** The same figures (a memoised row or summary is not drawn again for equal sums computed anew). */
export const sameSums = (a: MoneySums, b: MoneySums): boolean =>
  a.budget === b.budget &&
  a.actual === b.actual &&
  a.committed === b.committed &&
  a.planned === b.planned &&
  a.available === b.available &&
  a.leftToPlan === b.leftToPlan &&
  a.burnRate === b.burnRate &&
  a.count === b.count;

export type BudgetRow =
  | {
      kind: 'category';
      key: string;
      categoryId: string;
      name: string;
      categoryType: CategoryType;
      sums: MoneySums;
      /** A group's label instead of its category type (a campaign group: Program, Campaign, Tactic). */
      tag?: string | null;
    }
  | { kind: 'item'; key: string; item: BudgetItem };

/** `campaign`: a campaign's id (the filter keeps it and everything under it), NO_CAMPAIGN, or null for all. */
export type BudgetFilters = {
  query: string;
  itemType: ItemType | null;
  categoryId: string | null;
  campaign?: string | null;
  /** BudgetItem custom field filters (field id → values); absent or {} when none. */
  fields?: FieldFilterValues;
};

/** The campaign filter's choice of the items without a campaign. */
export const NO_CAMPAIGN = 'none';

export const NO_FILTERS: BudgetFilters = { query: '', itemType: null, categoryId: null, campaign: null };

export const hasFilters = (filters: BudgetFilters): boolean =>
  Boolean(
    filters.query.trim() || filters.itemType || filters.categoryId || filters.campaign || Object.keys(filters.fields ?? {}).length > 0,
  );

/**
 * The items the filters keep. `campaignIds` are the ids the campaign filter accepts (the chosen
 * campaign and its sub-campaigns), worked out by the caller, which holds the campaign tree.
 */
export const filterItems = (
  items: readonly BudgetItem[],
  filters: BudgetFilters,
  campaignIds?: ReadonlySet<string>,
  /** The BudgetItem custom fields, for `filters.fields`. */
  customFields: readonly CustomField[] = [],
): BudgetItem[] => {
  const query = filters.query.trim().toLowerCase();
  const campaign = filters.campaign ?? null;
  return items.filter(
    (item) =>
      (!query || item.Name.toLowerCase().includes(query) || (item.Description ?? '').toLowerCase().includes(query)) &&
      (!filters.itemType || item.ItemType === filters.itemType) &&
      (!filters.categoryId || item.BudgetCategoryId === filters.categoryId) &&
      (!campaign ||
        (campaign === NO_CAMPAIGN
          ? !item.CampaignId
          : item.CampaignId !== null && (campaignIds ?? new Set([campaign])).has(item.CampaignId))) &&
      matchesFieldFilters(item.CustomFields, filters.fields, customFields),
  );
};

/** A campaign as a group of the grid: its id, the name shown (with its parents'), and its level. */
export type CampaignGroup = { id: string; name: string; tag: string };

/**
 * Rows grouped by campaign (DESIGN.md §16): each campaign's own items under it, in the tree's order,
 * then the items without a campaign, so the groups add up to the total (no item counts twice).
 */
export const buildCampaignRows = (items: readonly BudgetItem[], groups: readonly CampaignGroup[]): BudgetRow[] => {
  const known = new Set(groups.map((group) => group.id));
  const byCampaign = new Map<string, BudgetItem[]>();
  for (const item of items) {
    const key = item.CampaignId && known.has(item.CampaignId) ? item.CampaignId : NO_CAMPAIGN;
    const list = byCampaign.get(key);
    if (list) list.push(item);
    else byCampaign.set(key, [item]);
  }
  const rows: BudgetRow[] = [];
  const push = (id: string, name: string, tag: string | null) => {
    const group = byCampaign.get(id);
    if (!group) return;
    rows.push({ kind: 'category', key: `g:${id}`, categoryId: `campaign:${id}`, name, categoryType: 1, tag, sums: sumItems(group) });
    for (const item of group) rows.push({ kind: 'item', key: item.Id, item });
  };
  for (const group of groups) push(group.id, group.name, group.tag);
  push(NO_CAMPAIGN, 'No campaign', null);
  return rows;
};

/** Money sums in integer cents, so that dollars add up exactly. */
export const sumItems = (items: readonly BudgetItem[]): MoneySums => {
  let budget = 0;
  let actual = 0;
  let committed = 0;
  let planned = 0;
  for (const item of items) {
    // In the base currency (DESIGN.md §17): an item in another currency counts its converted amount.
    budget += toCents(item.BaseAmount);
    actual += toCents(item.Actual);
    committed += toCents(item.Committed);
    planned += toCents(item.Planned);
  }
  return {
    budget: toDollars(budget),
    actual: toDollars(actual),
    committed: toDollars(committed),
    planned: toDollars(planned),
    available: toDollars(budget - committed - actual),
    leftToPlan: toDollars(budget - planned - committed - actual),
    burnRate: budget > 0 ? actual / budget : 0,
    count: items.length,
  };
};

/** Category header rows (with subtotals) followed by their items, in the server's order (category SortOrder, then name). */
export const buildRows = (items: readonly BudgetItem[]): BudgetRow[] => {
  const groups = new Map<string, BudgetItem[]>();
  for (const item of items) {
    const group = groups.get(item.BudgetCategoryId);
    if (group) group.push(item);
    else groups.set(item.BudgetCategoryId, [item]);
  }
  const rows: BudgetRow[] = [];
  for (const [categoryId, group] of groups) {
    const first = group[0] as BudgetItem;
    rows.push({
      kind: 'category',
      key: `c:${categoryId}`,
      categoryId,
      name: first.BudgetCategoryName,
      categoryType: first.CategoryType,
      sums: sumItems(group),
    });
    for (const item of group) rows.push({ kind: 'item', key: item.Id, item });
  }
  return rows;
};

export const sumsByType = (items: readonly BudgetItem[]): { itemType: ItemType; sums: MoneySums }[] =>
  ([1, 2] as const).map((itemType) => ({ itemType, sums: sumItems(items.filter((item) => item.ItemType === itemType)) }));

/** Dollars typed by a person ("$1,234.5") to a number, or the rule it breaks (DESIGN.md §12: never rounded or clamped). */
export const parseDollars = (text: string): { value: number } | { error: string } => {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d*)?$/.test(clean)) return { error: 'Enter an amount in dollars, e.g. 1250.50.' };
  const value = Number(clean);
  const problem = moneyProblem(value);
  return problem ? { error: problem } : { value };
};
