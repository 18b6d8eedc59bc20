import {
  EXPENSE_STATUS_LABELS,
  formatMinorIn,
  type MonthKey,
  monthsBetween,
  PLAN_STATE_ARCHIVED,
  type PlanPeriods,
  spreadOverMonths,
  type UnspentChoice,
} from '@plansmith/contract';
import { type CurrencyCode, convertMinorUnits, currencyDigits, isCurrencyCode } from '@plansmith/contract/currency-codes';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { toDollars } from '../../lib/money.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isAllowed, type PlanAccess, type PlanRow, requireAccess, requirePlanAccess } from '../access/index.ts';
import { type ActivityEntry, recordActivities } from '../activities/index.ts';
import { formatCents, trackOverspend } from '../notifications/index.ts';
import { firstDayAfter, longMonth, nextMonthOf } from './period-months.ts';
import * as repo from './periods.repository.ts';

const UNSPENT_CODES = { RollForward: 1, Release: 2 } as const satisfies Record<UnspentChoice, 1 | 2>;
const UNSPENT_OF_CODE: Record<1 | 2, UnspentChoice> = { 1: 'RollForward', 2: 'Release' };

/** How many blockers a refusal names before "and N more". */
const NAMED_BLOCKERS = 10;

const planMonths = (plan: PlanRow): MonthKey[] => monthsBetween(plan.startDate, plan.endDate);

/** One item's Budget, Actual and unspent in a month: its phasing, or its Amount spread evenly over the plan's months. */
type ItemMonth = { item: repo.PlanItemRow; budget: number; actual: number; unspent: number };

type BudgetRates = Awaited<ReturnType<typeof repo.budgetRates>>;

/** The plan's budget rate of a foreign item's currency (migration 1070); 409 when none is entered. */
const budgetRateOf = (fx: BudgetRates, currency: string, plan: PlanRow): { code: CurrencyCode; base: CurrencyCode; rate: string } => {
  const rate = fx.rates.get(currency);
  if (!rate || !isCurrencyCode(currency) || !isCurrencyCode(fx.base)) {
    throw conflict(`There is no ${currency} budget rate for “${plan.name}”: an Admin enters it under Account › Currencies.`);
  }
  return { code: currency, base: fx.base, rate };
};

/**
 * `baseMinor` of the base currency in minor units of `code` at `rate` (a numeric string, 1 unit of
 * `code` = rate units of the base), exact and rounded half away from zero: the inverse of the
 * budget triggers' conversion, own = base / rate × 10^(own digits − base digits).
 */
export const baseToOwnMinor = (baseMinor: number, code: CurrencyCode, rate: string, base: CurrencyCode): number => {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = fraction.length;
  const rateUnits = BigInt(`${whole}${fraction}`);
  const shift = currencyDigits(code) - currencyDigits(base);
  const numerator = BigInt(baseMinor) * 10n ** BigInt(scale + Math.max(0, shift));
  const denominator = rateUnits * 10n ** BigInt(Math.max(0, -shift));
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const magnitude = remainder < 0n ? -remainder : remainder;
  if (2n * magnitude < denominator) return Number(quotient);
  return Number(quotient + (numerator < 0n ? -1n : 1n));
};

const itemMonths = async (db: Db, tenantId: string, plan: PlanRow, month: MonthKey, items: repo.PlanItemRow[]): Promise<ItemMonth[]> => {
  const months = planMonths(plan);
  const index = months.indexOf(month);
  const cells = await repo.listMonthCells(db, tenantId, plan.id, [month]);
  const actuals = await repo.actualsOfMonth(db, tenantId, plan.id, month);
  const fx = items.some((item) => item.currency !== null && !item.phased) ? await repo.budgetRates(db, tenantId, plan.id) : null;
  /** An unphased item's share of the month: a foreign one's own Amount spread, that share converted (as the close stores it). */
  const spreadShare = (item: repo.PlanItemRow): number => {
    const rate = item.currency !== null && item.amount_minor !== null ? fx?.rates.get(item.currency) : undefined;
    if (
      item.currency === null ||
      item.amount_minor === null ||
      !rate ||
      !fx ||
      !isCurrencyCode(item.currency) ||
      !isCurrencyCode(fx.base)
    ) {
      return spreadOverMonths(item.amount_cents, months)[index]?.[1] ?? 0;
    }
    return convertMinorUnits(spreadOverMonths(item.amount_minor, months)[index]?.[1] ?? 0, item.currency, Number(rate), fx.base);
  };
  return items
    .filter((item) => item.active)
    .map((item) => {
      const budget = item.phased ? (cells.get(item.id)?.get(month) ?? 0) : spreadShare(item);
      const actual = actuals.get(item.id) ?? 0;
      return { item, budget, actual, unspent: Math.max(0, budget - actual) };
    });
};

/** What keeps a blocker open: "Pending approval" while a request waits for it (DESIGN.md §15), else its Status. */
const blockerLabel = (row: repo.BlockerRow): string => (row.pending_approval ? 'Pending approval' : EXPENSE_STATUS_LABELS[row.status]);

const blockerRefusal = (month: MonthKey, blockers: repo.BlockerRow[]): string => {
  const named = blockers
    .slice(0, NAMED_BLOCKERS)
    .map((row) => `“${row.name}” (${row.purchase_date}, ${blockerLabel(row)}, ${formatCents(row.amount_cents)})`);
  const more = blockers.length > NAMED_BLOCKERS ? ` and ${blockers.length - NAMED_BLOCKERS} more` : '';
  const count = blockers.length === 1 ? '1 expense is' : `${blockers.length} expenses are`;
  const what = blockers.some((row) => row.pending_approval) ? 'still Planned, Committed or pending approval' : 'still Planned or Committed';
  const settle = blockers.some((row) => row.pending_approval)
    ? 'Have the requests approved or rejected, mark the others actual, move them to an open month or cancel them first.'
    : 'Mark them actual, move them to an open month or cancel them first.';
  return `${longMonth(month)} cannot close: ${count} ${what} in it or earlier: ${named.join(', ')}${more}. ${settle}`;
};

export const createPeriodService = (ctx: AppContext) => {
  const read = async (db: Db, auth: AuthContext, access: PlanAccess): Promise<PlanPeriods> => {
    const { plan } = access;
    const months = planMonths(plan);
    const closed = new Map((await repo.listClosedPeriods(db, auth.tenantId, plan.id)).map((row) => [row.month, row]));
    const next = months.find((month) => !closed.has(month)) ?? null;
    const latest = [...closed.keys()].sort().at(-1) ?? null;
    const blockers = next ? await repo.listBlockers(db, auth.tenantId, plan.id, `${nextMonthOf(next)}-01`) : [];
    const unspent = next
      ? (await itemMonths(db, auth.tenantId, plan, next, await repo.listPlanItems(db, auth.tenantId, plan.id))).filter(
          (row) => row.budget !== 0 || row.actual !== 0,
        )
      : [];
    const today = callerToday(ctx, auth);
    return {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      Months: months.map((month) => {
        const period = closed.get(month);
        const isNext = month === next;
        return {
          Month: month,
          State: period ? 'Closed' : 'Open',
          ClosedAt: period ? new Date(period.closed_at).toISOString() : null,
          ClosedBy: period?.closed_by ?? null,
          UnspentChoice: period ? UNSPENT_OF_CODE[period.unspent] : null,
          Blockers: isNext
            ? blockers.map((row) => ({
                ExpenseId: row.id,
                Name: row.name,
                PurchaseDate: row.purchase_date,
                Status: row.status,
                Approval: row.pending_approval ? 'Pending' : null,
                StatusLabel: blockerLabel(row),
                Amount: toDollars(row.amount_cents),
                BudgetItemId: row.budget_item_id,
                BudgetItemName: row.budget_item_name,
                Version: row.version,
              }))
            : [],
          Unspent: isNext
            ? unspent.map((row) => ({
                BudgetItemId: row.item.id,
                Name: row.item.name,
                Budget: toDollars(row.budget),
                Actual: toDollars(row.actual),
                Unspent: toDollars(row.unspent),
              }))
            : [],
        };
      }),
      NextMonth: next,
      NextMonthEnded: next !== null && today >= `${nextMonthOf(next)}-01`,
      LatestClosed: latest,
      CanClose: isAllowed(access.permission.role, 'period.close'),
      CanReopen: isAllowed(access.permission.role, 'period.reopen'),
    };
  };

  /** 400 unless `month` is one of the plan's months. */
  const requirePlanMonth = (plan: PlanRow, month: MonthKey) => {
    const months = planMonths(plan);
    if (!months.includes(month)) {
      const first = months[0];
      const last = months.at(-1);
      throw fieldError(
        'Month',
        `${longMonth(month)} is not a month of “${plan.name}”${first && last ? ` (${longMonth(first)} – ${longMonth(last)})` : ''}.`,
      );
    }
    return months;
  };

  const requireNotArchived = (plan: PlanRow, what: string) => {
    if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to ${what}.`);
  };

  return {
    get: async (auth: AuthContext, planId: string): Promise<PlanPeriods> =>
      read(ctx.db, auth, await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan')),

    close: (auth: AuthContext, input: { MarketingPlanId: string; Month: MonthKey; Unspent: UnspentChoice }): Promise<PlanPeriods> =>
      ctx.db.transaction(async (tx) => {
        const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
        requireAccess(access, 'period.close');
        const { plan } = access;
        requireNotArchived(plan, 'close its months');
        await repo.lockPlan(tx, auth.tenantId, plan.id);
        const months = requirePlanMonth(plan, input.Month);
        const month = input.Month;
        const closed = new Set((await repo.listClosedPeriods(tx, auth.tenantId, plan.id)).map((row) => row.month));
        if (closed.has(month)) throw conflict(`${longMonth(month)} is already closed.`);
        const next = months.find((candidate) => !closed.has(candidate));
        if (next !== month && next) throw conflict(`Close ${longMonth(next)} first: a plan’s months close in order.`);
        if (callerToday(ctx, auth) < `${nextMonthOf(month)}-01`) {
          throw conflict(`${longMonth(month)} has not ended yet: it can be closed from ${firstDayAfter(month)}.`);
        }
        const following = months[months.indexOf(month) + 1];
        if (input.Unspent === 'RollForward' && !following) {
          throw conflict(
            `${longMonth(month)} is the last month of “${plan.name}”: there is no later month to roll its unspent budget into. Choose Release.`,
          );
        }
        const blockers = await repo.listBlockers(tx, auth.tenantId, plan.id, `${nextMonthOf(month)}-01`);
        if (blockers.length > 0) throw conflict(blockerRefusal(month, blockers));

        const now = ctx.clock.now();
        const reason = `Month close: ${longMonth(month)}`;
        // Every writer of an item or its months locks the item first (budget.repository lockItem).
        const items = await repo.listPlanItems(tx, auth.tenantId, plan.id, true);
        // An unphased item's months are its Amount spread evenly (the grid's rule): they become its
        // explicit phasing, so a later change of its Amount cannot move budget in or out of this month.
        const unphased = items.filter((item) => !item.phased);
        await repo.insertMonthCells(
          tx,
          auth.tenantId,
          unphased.flatMap((item) =>
            // A foreign item (issue 34) is spread in its own minor units; the trigger converts each month.
            item.amount_minor !== null
              ? spreadOverMonths(item.amount_minor, months).map(([cellMonth, amountMinor]) => ({
                  itemId: item.id,
                  month: cellMonth,
                  amountCents: 0,
                  amountMinor,
                }))
              : spreadOverMonths(item.amount_cents, months).map(([cellMonth, amountCents]) => ({
                  itemId: item.id,
                  month: cellMonth,
                  amountCents,
                })),
          ),
        );
        for (const item of unphased) {
          item.phased = true;
          await repo.touchItem(tx, auth.tenantId, item.id, now);
        }

        const rows = (await itemMonths(tx, auth.tenantId, plan, month, items)).filter((row) => row.unspent > 0);
        const nextCells = following ? await repo.listMonthCells(tx, auth.tenantId, plan.id, [following]) : new Map();
        const changes: repo.BudgetChangeRow[] = [];
        const activities: ActivityEntry[] = [];
        const fx = rows.some((row) => row.item.currency !== null) ? await repo.budgetRates(tx, auth.tenantId, plan.id) : null;
        for (const row of rows) {
          const groupId = newId();
          const base = { planId: plan.id, itemId: row.item.id, itemName: row.item.name, groupId, reason };
          if (row.item.currency !== null && fx) {
            // A foreign item (issue 34): its base unspent in its own units at the plan's budget rate,
            // moved in amount_minor; the triggers compute the base figures, read back for the changes.
            const { code, base: baseCode, rate } = budgetRateOf(fx, row.item.currency, plan);
            const cell = await repo.monthCell(tx, auth.tenantId, row.item.id, month);
            const cellMinor = cell?.amountMinor ?? 0;
            // Nothing spent: the whole cell (converting back and forth may not give it to the unit).
            const own = row.actual === 0 ? cellMinor : Math.max(0, Math.min(cellMinor, baseToOwnMinor(row.unspent, code, rate, baseCode)));
            await repo.setMonthCellMinor(tx, auth.tenantId, row.item.id, month, cellMinor - own);
            const after = (await repo.monthCell(tx, auth.tenantId, row.item.id, month))?.amountCents ?? 0;
            row.unspent = row.budget - after;
            changes.push({ ...base, month, kind: input.Unspent === 'RollForward' ? 3 : 4, beforeCents: row.budget, afterCents: after });
            const moved = `${formatMinorIn('en-US', own, code)} (${formatCents(row.unspent)})`;
            let description: string;
            if (input.Unspent === 'RollForward' && following) {
              const next = await repo.monthCell(tx, auth.tenantId, row.item.id, following);
              await repo.setMonthCellMinor(tx, auth.tenantId, row.item.id, following, (next?.amountMinor ?? 0) + own);
              const nextAfter = (await repo.monthCell(tx, auth.tenantId, row.item.id, following))?.amountCents ?? 0;
              changes.push({ ...base, month: following, kind: 3, beforeCents: next?.amountCents ?? 0, afterCents: nextAfter });
              await repo.touchItem(tx, auth.tenantId, row.item.id, now);
              description = `${reason}: ${moved} unspent rolled forward to ${longMonth(following)}`;
            } else {
              const ownBefore = row.item.amount_minor ?? 0;
              await repo.setItemMinor(tx, auth.tenantId, row.item.id, now, ownBefore - own);
              description = `${reason}: ${moved} unspent released (Amount ${formatMinorIn('en-US', ownBefore, code)} → ${formatMinorIn('en-US', ownBefore - own, code)})`;
            }
            activities.push({
              tenantId: auth.tenantId,
              actorId: auth.userId,
              entityType: 'BudgetItem',
              entityId: row.item.id,
              marketingPlanId: plan.id,
              action: 'update',
              name: row.item.name,
              description,
              at: now,
            });
            continue;
          }
          // The close's writes come before its plan_periods row: the closed-month trigger lets them through.
          await repo.setMonthCell(tx, auth.tenantId, row.item.id, month, row.budget - row.unspent);
          changes.push({ ...base, month, kind: input.Unspent === 'RollForward' ? 3 : 4, beforeCents: row.budget, afterCents: row.actual });
          let description: string;
          if (input.Unspent === 'RollForward' && following) {
            const before = nextCells.get(row.item.id)?.get(following) ?? 0;
            await repo.setMonthCell(tx, auth.tenantId, row.item.id, following, before + row.unspent);
            changes.push({ ...base, month: following, kind: 3, beforeCents: before, afterCents: before + row.unspent });
            await repo.touchItem(tx, auth.tenantId, row.item.id, now);
            description = `${reason}: ${formatCents(row.unspent)} unspent rolled forward to ${longMonth(following)}`;
          } else {
            await repo.touchItem(tx, auth.tenantId, row.item.id, now, row.item.amount_cents - row.unspent);
            description = `${reason}: ${formatCents(row.unspent)} unspent released (Amount ${formatCents(row.item.amount_cents)} → ${formatCents(row.item.amount_cents - row.unspent)})`;
          }
          activities.push({
            tenantId: auth.tenantId,
            actorId: auth.userId,
            entityType: 'BudgetItem',
            entityId: row.item.id,
            marketingPlanId: plan.id,
            action: 'update',
            name: row.item.name,
            description,
            at: now,
          });
        }
        await repo.insertBudgetChanges(tx, auth.tenantId, changes, auth.userId, now);
        await repo.insertPeriod(tx, auth.tenantId, plan.id, month, UNSPENT_CODES[input.Unspent], auth.userId, now);
        const total = rows.reduce((sum, row) => sum + row.unspent, 0);
        const what =
          rows.length === 0
            ? 'no unspent budget'
            : input.Unspent === 'RollForward'
              ? `${formatCents(total)} unspent rolled forward to ${longMonth(following ?? month)} (${rows.length} ${rows.length === 1 ? 'item' : 'items'})`
              : `${formatCents(total)} unspent released (${rows.length} ${rows.length === 1 ? 'item' : 'items'})`;
        await recordActivities(tx, [
          {
            tenantId: auth.tenantId,
            actorId: auth.userId,
            entityType: 'MarketingPlan',
            entityId: plan.id,
            marketingPlanId: plan.id,
            action: 'update',
            name: plan.name,
            description: `Closed ${longMonth(month)}: ${what}`,
            at: now,
          },
          ...activities,
        ]);
        // A release lowers Amounts: an item may now be over its budget (recorded as the budget save does).
        if (input.Unspent === 'Release' && rows.length > 0) {
          await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: rows.map((row) => row.item.id) });
        }
        return read(tx, auth, access);
      }),

    reopen: (auth: AuthContext, input: { MarketingPlanId: string; Month: MonthKey; Reason: string }): Promise<PlanPeriods> =>
      ctx.db.transaction(async (tx) => {
        const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
        requireAccess(access, 'period.reopen');
        const { plan } = access;
        requireNotArchived(plan, 'reopen a month');
        await repo.lockPlan(tx, auth.tenantId, plan.id);
        requirePlanMonth(plan, input.Month);
        const closed = (await repo.listClosedPeriods(tx, auth.tenantId, plan.id)).map((row) => row.month).sort();
        const latest = closed.at(-1);
        if (!closed.includes(input.Month)) throw conflict(`${longMonth(input.Month)} is open: only a closed month can be reopened.`);
        if (latest && latest !== input.Month) {
          throw conflict(`Only the latest closed month can be reopened: reopen ${longMonth(latest)} first.`);
        }
        await repo.deletePeriod(tx, auth.tenantId, plan.id, input.Month);
        await recordActivities(tx, [
          {
            tenantId: auth.tenantId,
            actorId: auth.userId,
            entityType: 'MarketingPlan',
            entityId: plan.id,
            marketingPlanId: plan.id,
            action: 'update',
            name: plan.name,
            description: `Reopened ${longMonth(input.Month)}: ${input.Reason}`,
            at: ctx.clock.now(),
          },
        ]);
        return read(tx, auth, access);
      }),
  };
};
