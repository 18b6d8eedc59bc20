import {
  type BudgetItem,
  type BudgetMonth,
  type BudgetMonthRead,
  type CurrencyCode,
  fromMinorUnits,
  toDollars,
  toMinorUnits,
} from '@plansmith/contract';
import { formatMinorIn } from '@plansmith/contract/display-format';
import { badRequest, fieldError } from '../../lib/http-errors.ts';
import { leftToPlanCents } from '../../lib/money.ts';
import { burnRate } from '../plans/index.ts';
import type { BudgetItemRow } from './budget-items.query.ts';
import type { MonthCents, MonthRow } from './budget.repository.ts';

/** Minor units of `currency` (an item's own; USD cents by default) for a message (en-US: every reader sees the same). */
export const formatCents = (cents: number, currency: CurrencyCode = 'USD'): string => formatMinorIn('en-US', cents, currency);

/**
 * Monthly phasing rules (DESIGN.md §5) that need the plan: one entry per month, every month within
 * the plan's dates. That the months add up to the amount is the contract's schema refinement.
 */
export const checkMonths = (
  months: readonly BudgetMonth[],
  plan: { startDate: string; endDate: string },
  /** The item's currency: the rows' amountCents are in its minor units (DESIGN.md §17). */
  currency: CurrencyCode = 'USD',
): MonthCents[] => {
  const seen = new Set<string>();
  const firstMonth = plan.startDate.slice(0, 7);
  const lastMonth = plan.endDate.slice(0, 7);
  const rows: MonthCents[] = [];
  for (const entry of months) {
    if (seen.has(entry.Month)) throw fieldError('Months', `${entry.Month} appears more than once in the monthly phasing.`);
    seen.add(entry.Month);
    if (entry.Month < firstMonth || entry.Month > lastMonth) {
      throw fieldError('Months', `${entry.Month} is outside the plan’s dates (${plan.startDate} to ${plan.endDate}).`);
    }
    rows.push({ month: `${entry.Month}-01`, amountCents: toMinorUnits(entry.Amount, currency) });
  }
  return rows.sort((a, b) => a.month.localeCompare(b.month));
};

/** An amount change on a phased item must come with months that still add up. */
export const checkKeptMonths = (months: readonly MonthCents[], amountCents: number, currency: CurrencyCode = 'USD'): void => {
  const total = months.reduce((sum, row) => sum + row.amountCents, 0);
  if (months.length > 0 && total !== amountCents) {
    throw badRequest(
      `This item is phased by month (the months add up to ${formatCents(total, currency)}). Change the monthly phasing together with the amount, or clear it.`,
      [{ Field: 'Amount', Message: `The monthly phasing adds up to ${formatCents(total, currency)}.` }],
    );
  }
};

export const toWireMonths = (months: readonly MonthCents[]): BudgetMonth[] =>
  months.map((row) => ({ Month: row.month.slice(0, 7), Amount: toDollars(row.amountCents) }));

/**
 * The months as reads return them: each with its cell's version (DESIGN.md §13), its Amount in the
 * item's currency and its BaseAmount (DESIGN.md §17). `currency`: the item's when not the base.
 */
export const toReadMonths = (months: readonly MonthRow[], currency: CurrencyCode | null): BudgetMonthRead[] =>
  months.map((row) => ({
    Month: row.month.slice(0, 7),
    Amount: currency ? fromMinorUnits(row.amountMinor, currency) : toDollars(row.amountCents),
    BaseAmount: toDollars(row.amountCents),
    Version: row.version,
  }));

export const toBudgetItem = (row: BudgetItemRow): BudgetItem => {
  const amount = Number(row.amount_cents);
  const actual = Number(row.actual);
  const committed = Number(row.committed);
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    Active: row.active,
    Currency: row.currency ?? row.base_currency,
    Amount: row.currency ? fromMinorUnits(row.amount_minor, row.currency) : toDollars(amount),
    BaseAmount: toDollars(amount),
    BurnRate: burnRate(actual, amount),
    Actual: toDollars(actual),
    Committed: toDollars(committed),
    Planned: toDollars(row.planned),
    Requested: toDollars(Number(row.requested ?? 0)),
    Available: toDollars(amount - committed - actual),
    LeftToPlan: toDollars(leftToPlanCents({ budget: amount, planned: Number(row.planned), committed, actual })),
    ItemType: row.item_type === 2 ? 2 : 1,
    BudgetCategoryId: row.budget_category_id,
    BudgetCategoryName: row.category_name,
    CategoryType: row.category_type === 3 ? 3 : row.category_type === 2 ? 2 : 1,
    MarketingPlanId: row.marketing_plan_id,
    ObjectiveId: row.objective_id,
    GeneralLedgerCodeId: row.general_ledger_code_id,
    CampaignId: row.campaign_id ?? null,
    IsPhased: row.is_phased,
    UpdatedAt: row.updated_at,
    Version: Number(row.version),
    CustomFields: row.custom_fields ?? {},
  };
};
