import { type BudgetMonth, type CurrencyCode, currencyDecimalsMessage, amountFitsCurrency } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { BudgetItemRow } from './budget-items.query.ts';
import type { ItemTableRow, MonthCents, MonthRow } from './budget.repository.ts';
import { toBudgetItem, toReadMonths } from './budget-rules.ts';

/**
 * Budget items in another currency than the tenant's base (DESIGN.md §17, migration 1070). The
 * services work in the item's OWN minor units (its phasing adds up to its Amount in them; closed
 * months, spreads and the kept months compare them), and in base minor units wherever money meets
 * other items (budget changes after the baseline lock, approvals, overspend). The database keeps
 * `amount_cents` as the base figure; a foreign row's is computed by trigger from `amount_minor`.
 */

/** An item with its months as reads return them, each in the item's currency with its BaseAmount. */
export const withMonths = (row: BudgetItemRow, months: readonly MonthRow[]) => ({
  ...toBudgetItem(row),
  Months: toReadMonths(months, row.currency),
});

/** The item's own amount in minor units of its currency (its base amount for an item in the base). */
export const ownAmountOf = (item: Pick<ItemTableRow, 'currency' | 'amountMinor' | 'amountCents'>): number =>
  item.currency ? Number(item.amountMinor ?? 0) : item.amountCents;

/** The month cells in the item's own minor units (as stored: base cents for an item in the base). */
export const ownCellsOf = <T extends MonthRow>(currency: CurrencyCode | null, months: readonly T[]): T[] =>
  currency ? months.map((month) => ({ ...month, amountCents: Number(month.amountMinor ?? 0) })) : [...months];

/**
 * 400 naming the field when an amount has more decimals than its currency (JPY 0, USD 2, KWD 3).
 * `isBase`: the item is in the tenant's base currency, which answers as it always did
 * ("Amount can have at most 2 decimals.").
 */
export const checkAmountsFit = (
  currency: CurrencyCode,
  body: { Amount: number; Months?: readonly Pick<BudgetMonth, 'Amount' | 'Month'>[] | null },
  field = 'Amount',
  isBase = false,
): void => {
  const messageFor = (name: string) => (isBase ? `${name} can have at most 2 decimals.` : currencyDecimalsMessage(name, currency));
  if (!amountFitsCurrency(body.Amount, currency)) {
    const message = messageFor(field);
    throw badRequest(message, [{ Field: field, Message: message }]);
  }
  const month = body.Months?.find((entry) => !amountFitsCurrency(entry.Amount, currency));
  if (month) {
    const message = `${month.Month}: ${messageFor('Amount')}`;
    throw badRequest(message, [{ Field: 'Months', Message: message }]);
  }
};

/**
 * The base figures an item in `currency` will have (what the triggers store): each month converted
 * at the plan's budget rate, the item the sum of its months when phased, else its own amount
 * converted. A missing rate is PSF01 (400 naming the currency and month) before anything is written.
 */
export const toBaseBudget = async (
  db: Db,
  tenantId: string,
  currency: CurrencyCode | null,
  rateMonth: string,
  amountMinor: number,
  months: readonly MonthCents[],
): Promise<{ amountCents: number; months: MonthCents[] }> => {
  if (!currency) return { amountCents: amountMinor, months: [...months] };
  const values = [amountMinor, ...months.map((month) => month.amountCents)];
  const rows = await selectRows<{ n: number; base: string | number }>(
    db,
    sql`SELECT v.n::int AS n, plansmith_to_base_budget(${tenantId}::uuid, ${currency}, v.minor, ${rateMonth}::date) AS base
        FROM unnest(${`{${values.join(',')}}`}::bigint[]) WITH ORDINALITY AS v(minor, n) ORDER BY v.n`,
  );
  const base = rows.map((row) => Number(row.base));
  const baseMonths = months.map((month, index) => ({ month: month.month, amountCents: base[index + 1] ?? 0 }));
  return {
    amountCents: baseMonths.length > 0 ? baseMonths.reduce((sum, month) => sum + month.amountCents, 0) : (base[0] ?? 0),
    months: baseMonths,
  };
};

/** The tenant's base currency. */
export const findBaseCurrency = async (db: Db, tenantId: string): Promise<CurrencyCode> => {
  const [row] = await selectRows<{ base_currency: CurrencyCode }>(db, sql`SELECT base_currency FROM tenants WHERE id = ${tenantId}`);
  return row?.base_currency ?? 'USD';
};
