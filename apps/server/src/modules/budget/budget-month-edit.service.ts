import { MAX_MONEY, type MonthKey, monthsBetween, PLAN_STATE_ARCHIVED, spreadOverMonths } from '@plansmith/contract';
import type { SetMonthRequestSchema, SetMonthResult } from '@plansmith/contract/budget-months';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { budgetItems } from '../../schema/budget.ts';
import { requireAccess, requirePlanAccess } from '../access/index.ts';
import { diffFields, recordActivity } from '../activities/index.ts';
import { holdBudgetChange, WAITING_FOR_APPROVAL_MESSAGE } from '../approvals/index.ts';
import { budgetChangesOf, keepBudgetChanges } from '../baseline/index.ts';
import { trackOverspend } from '../notifications/index.ts';
import { fromMinorUnits, toMinorUnits } from '@plansmith/contract';
import { checkMonths, formatCents, toBudgetItem, toWireMonths } from './budget-rules.ts';
import { checkAmountsFit, ownAmountOf, ownCellsOf, toBaseBudget, withMonths } from './item-currency.ts';
import { type StaleCell, staleCellOf, staleCellsError } from './budget-versions.ts';
import * as repo from './budget.repository.ts';
import { describeMonthEdit, type MonthEdit, monthLabel, spreadDifference } from './month-edit.ts';

type SetMonthInput = z.output<typeof SetMonthRequestSchema>;

/**
 * Whether the cells this edit touches are as the person read them (DESIGN.md §13). Only the typed
 * cell, so two people typing different months of one item do not conflict: its total becomes the
 * sum of the months as they are now, keeping both. An unphased item's cells are its Amount spread,
 * so the item's version stands for them. Keeping the year total changes the other open months too:
 * then every cell of the item must be as read (Cells).
 */
const staleMonthOf = (row: repo.ItemTableRow, stored: readonly repo.MonthRow[], input: SetMonthInput): StaleCell | null => {
  if (input.YearTotal !== null) {
    const whole = staleCellOf(row, stored, input.Cells ?? [], input.Version ?? 0);
    if (whole) return whole;
  }
  if (stored.length === 0) return input.Version === row.version ? null : { itemId: row.id, month: null, version: row.version };
  const cell = stored.find((month) => month.month.slice(0, 7) === input.Month);
  if (!cell) return input.Version === null ? null : { itemId: row.id, month: null, version: row.version };
  return input.Version === cell.version ? null : { itemId: row.id, month: input.Month, version: cell.version };
};

const sumOf = (cents: Map<MonthKey, number>) => [...cents.values()].reduce((sum, value) => sum + value, 0);

/**
 * One month typed in the month grid (issue 28 B2). An unphased item is its amount spread evenly
 * (the grid shows it so), so its months start from that spread. Without a year total the item's
 * total becomes the sum of its months; with one, the other open months (this month and later, in
 * the tenant's zone: months are not closed yet, so "open" means not past) take the difference.
 * The toast and the activity say what happened in the same words.
 */
export const createMonthEditService = (ctx: AppContext) => ({
  setMonth: (auth: AuthContext, input: SetMonthInput): Promise<SetMonthResult> =>
    ctx.db.transaction(async (tx) => {
      // Locked: a paste or another cell edit of this item waits until this one is written.
      const row = await repo.lockItem(tx, auth.tenantId, input.BudgetItemId);
      if (!row) throw notFound('The budget item');
      const access = await requirePlanAccess(tx, auth, row.marketingPlanId, 'The budget item');
      requireAccess(access, 'budgetItem.edit');
      if (access.plan.state === PLAN_STATE_ARCHIVED)
        throw conflict(`“${access.plan.name}” is archived. Restore the plan to change its budget.`);
      const stored = await repo.listMonths(tx, auth.tenantId, row.id);
      const stale = staleMonthOf(row, stored, input);
      if (stale) {
        throw await staleCellsError(tx, auth, [stale], new Map([[row.id, row.name]]), async () => {
          const [item] = await repo.listItems(tx, auth.tenantId, { kind: 'item', itemId: row.id });
          return item ? withMonths(item, stored) : null;
        });
      }
      // An item in another currency is edited in its own minor units (DESIGN.md §17); `cents` below are those.
      const currency = row.currency ?? undefined;
      const minor = (amount: number) => (currency ? toMinorUnits(amount, currency) : toCents(amount));
      const format = (value: number) => formatCents(value, currency);
      // In the base currency (2 decimals) as before: "Amount can have at most 2 decimals."
      checkAmountsFit(currency ?? 'USD', { Amount: input.Amount }, 'Amount', !currency);
      if (input.YearTotal !== null) checkAmountsFit(currency ?? 'USD', { Amount: input.YearTotal }, 'YearTotal', !currency);
      checkMonths([{ Month: input.Month, Amount: input.Amount }], access.plan, currency);
      const own = ownCellsOf(row.currency, stored);
      const totalBefore = ownAmountOf(row);

      const planMonths = monthsBetween(access.plan.startDate, access.plan.endDate);
      const cents = new Map<MonthKey, number>(
        own.length > 0 ? own.map((month) => [month.month.slice(0, 7), month.amountCents]) : spreadOverMonths(totalBefore, planMonths),
      );
      const monthBefore = cents.get(input.Month) ?? 0;
      cents.set(input.Month, minor(input.Amount));

      let spread: MonthEdit['spread'] = null;
      if (input.YearTotal !== null) {
        const target = minor(input.YearTotal);
        const difference = target - sumOf(cents);
        const firstOpen = callerToday(ctx, auth).slice(0, 7);
        const open = planMonths.filter((month) => month >= firstOpen && month !== input.Month);
        const changed = spreadDifference(cents, open, difference);
        if (!changed) {
          const held = open.reduce((sum, month) => sum + (cents.get(month) ?? 0), 0);
          throw fieldError(
            'YearTotal',
            open.length === 0
              ? `${row.name} has no other open month (${monthLabel(firstOpen)} or later) to take ${format(difference)}. Change the year total instead.`
              : `Keeping ${row.name}’s year total at ${format(target)} would take ${format(-difference)} from its other open months (${monthLabel(firstOpen)} on), which hold ${format(held)}. Change the year total instead.`,
          );
        }
        spread = { cents: difference, months: changed.length };
      }

      const totalAfter = sumOf(cents);
      if (totalAfter > minor(MAX_MONEY))
        throw fieldError(
          'Amount',
          `${row.name}’s year total would be ${format(totalAfter)}, over the limit of ${format(minor(MAX_MONEY))}.`,
        );
      const edit: MonthEdit = {
        name: row.name,
        month: input.Month,
        monthBefore,
        monthAfter: minor(input.Amount),
        totalBefore,
        totalAfter,
        spread,
        currency,
      };
      const description = describeMonthEdit(edit);
      const months = [...cents.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, amountCents]) => ({ month: `${month}-01`, amountCents }));
      const wire = (cells: readonly repo.MonthCents[]) =>
        currency
          ? cells.map((cell) => ({ Month: cell.month.slice(0, 7), Amount: fromMinorUnits(cell.amountCents, currency) }))
          : toWireMonths(cells);
      const amountOf = (value: number) => (currency ? fromMinorUnits(value, currency) : toDollars(value));
      const changes = diffFields(
        { amount: amountOf(totalBefore), months: wire(own) },
        { amount: amountOf(totalAfter), months: wire(months) },
      );
      // Typing a month's own amount again changes nothing (not even an unphased item into a phased one).
      const unchanged = edit.monthBefore === edit.monthAfter && totalAfter === totalBefore && (spread?.months ?? 0) === 0;
      if (!unchanged && Object.keys(changes).length > 0) {
        const now = ctx.clock.now();
        // Budget changes and approvals compare base money: the figures the triggers will store (DESIGN.md §17).
        const after = await toBaseBudget(tx, auth.tenantId, row.currency, access.plan.budgetRateMonth, totalAfter, months);
        const budgetChanges = budgetChangesOf(
          planMonths,
          { ...row, months: stored },
          { ...row, amountCents: after.amountCents, months: after.months },
        );
        // At or above the team's threshold, by someone who does not decide, it waits for approval (DESIGN.md §15): nothing is written.
        const held = await holdBudgetChange(ctx, tx, auth, {
          plan: { id: access.plan.id, name: access.plan.name, teamId: access.plan.teamId },
          permission: access.permission,
          item: row,
          cells: stored,
          amountAfter: after.amountCents,
          monthsAfter: after.months,
          rows: budgetChanges,
          reason: input.Reason,
          availableCents: async () => {
            const [current] = await repo.listItems(tx, auth.tenantId, { kind: 'item', itemId: row.id });
            return current ? toCents(toBudgetItem(current).Available) : null;
          },
        });
        const [current] = held ? await repo.listItems(tx, auth.tenantId, { kind: 'item', itemId: row.id }) : [];
        if (held && current) {
          return {
            Item: {
              ...withMonths(current, stored),
              WaitingForApproval: { RequestId: held.requestId, Message: WAITING_FOR_APPROVAL_MESSAGE },
            },
            Description: `Waiting for approval: ${description}`,
          };
        }
        // After the baseline lock the edit says why and each changed month is kept (DESIGN.md §14).
        await keepBudgetChanges(tx, {
          tenantId: auth.tenantId,
          planId: row.marketingPlanId,
          userId: auth.userId,
          reason: input.Reason,
          changes: budgetChanges,
          at: now,
        });
        await repo.replaceMonths(tx, auth.tenantId, row.id, months, currency !== undefined);
        await tx
          .update(budgetItems)
          // A foreign item's base amount follows its months by trigger (PSF02 if written here).
          .set(currency ? { amountMinor: totalAfter, updatedAt: now } : { amountCents: totalAfter, updatedAt: now })
          .where(and(eq(budgetItems.tenantId, auth.tenantId), eq(budgetItems.id, row.id)));
        await recordActivity(tx, {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'BudgetItem',
          entityId: row.id,
          marketingPlanId: row.marketingPlanId,
          action: 'update',
          name: row.name,
          description,
          changes,
          at: now,
        });
        if (totalAfter !== totalBefore) await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [row.id] });
      }
      const [item] = await repo.listItems(tx, auth.tenantId, { kind: 'item', itemId: row.id });
      if (!item) throw notFound('The budget item');
      return {
        Item: withMonths(item, await repo.listMonths(tx, auth.tenantId, row.id)),
        Description: description,
      };
    }),
});
