import {
  type BudgetItem,
  budgetRoutes,
  campaignRoutes,
  type CustomField,
  customFieldRoutes,
  customFieldText,
  ITEM_TYPE_NAMES,
  LOOKUP_TYPE_GL_CODE,
  type Lookup,
  lookupRoutes,
  monthsBetween,
} from '@plansmith/contract';
import { budgetMonthRoutes, type ItemMonths } from '@plansmith/contract/budget-months';
import { callApi } from '../../../shared/api/client.ts';
import type { ExportSheet } from '../../../shared/export/spreadsheet.ts';
import { baseCurrency } from '../../../shared/format/money.ts';

/**
 * The plan's items as the importer reads them back: its field names, then one column per plan
 * month (YYYY-MM) with the phasing; months outside an item's phasing (all of an unphased item's) stay empty.
 * Amount and the months are in the item's Currency (issue 34); Base amount, in the tenant's base
 * currency, is what every total sums and is left unmapped by the importer (it converts the Amount
 * itself), as in the expenses export.
 */
export const itemsToSheet = (
  items: readonly BudgetItem[],
  months: readonly ItemMonths[],
  lookups: readonly Lookup[],
  plan: { StartDate: string; EndDate: string },
  /** The plan's campaigns: an item's Campaign column is its campaign's name, which the import maps back (DESIGN.md §16). */
  campaigns: readonly { Id: string; Name: string }[] = [],
  /** The tenant's BudgetItem custom fields: a column each after the months, named as the field (tags joined with ", "). */
  fields: readonly CustomField[] = [],
): ExportSheet => {
  const campaignNames = new Map(campaigns.map((campaign) => [campaign.Id, campaign.Name]));
  const planMonths = monthsBetween(plan.StartDate, plan.EndDate);
  const glNames = new Map(lookups.filter((lookup) => lookup.LookupType === LOOKUP_TYPE_GL_CODE).map((lookup) => [lookup.Id, lookup.Name]));
  const phasing = new Map(months.map((entry) => [entry.BudgetItemId, new Map(entry.Months.map((month) => [month.Month, month.Amount]))]));
  const base = baseCurrency();
  const allInBase = items.every((item) => item.Currency === base);
  return {
    name: 'Budget items',
    header: [
      'Name',
      'Budget category',
      'Item type',
      'Amount',
      'Currency',
      'Base amount',
      'GL code',
      'Description',
      'Campaign',
      ...planMonths,
      ...fields.map((field) => field.Name),
    ],
    // The XLSX money format is the base currency's: own amounts (Amount, the months) take it only
    // while every item is in the base, else they stay plain numbers beside their Currency.
    moneyColumns: allInBase ? [3, 5, ...planMonths.map((_, index) => 9 + index)] : [5],
    rows: items.map((item) => {
      const itemMonths = phasing.get(item.Id);
      return [
        item.Name,
        item.BudgetCategoryName,
        ITEM_TYPE_NAMES[item.ItemType],
        item.Amount,
        item.Currency,
        item.BaseAmount,
        item.GeneralLedgerCodeId ? (glNames.get(item.GeneralLedgerCodeId) ?? null) : null,
        item.Description,
        item.CampaignId ? (campaignNames.get(item.CampaignId) ?? null) : null,
        ...planMonths.map((month) => itemMonths?.get(month) ?? null),
        ...fields.map((field) => {
          const value = item.CustomFields[field.Id];
          return typeof value === 'number' ? value : customFieldText(value) || null;
        }),
      ];
    }),
  };
};

export const fetchItemsSheet = async (plan: { Id: string; StartDate: string; EndDate: string }): Promise<ExportSheet> => {
  const [items, months, lookups, campaigns, fields] = await Promise.all([
    callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.Id }),
    callApi(budgetMonthRoutes.getPlanMonths, { MarketingPlanId: plan.Id }),
    callApi(lookupRoutes.getLookupInformation, {}),
    callApi(campaignRoutes.list, { MarketingPlanId: plan.Id }),
    callApi(customFieldRoutes.list, { Entity: 'BudgetItem' }),
  ]);
  return itemsToSheet(items, months, lookups, plan, campaigns.Campaigns, fields);
};

/** Downloads the plan's budget items as CSV or XLSX (this module and write-excel-file load on first use). */
export const downloadItems = async (
  plan: { Id: string; Name: string; StartDate: string; EndDate: string },
  format: 'csv' | 'xlsx',
): Promise<void> => {
  const { downloadSheet, exportFileName } = await import('../../../shared/export/spreadsheet.ts');
  await downloadSheet(await fetchItemsSheet(plan), exportFileName(plan.Name, 'budget-items', format), format);
};
