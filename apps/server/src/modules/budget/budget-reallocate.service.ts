import {
  MAX_MONEY,
  type MonthLeft,
  monthsBetween,
  PLAN_STATE_ARCHIVED,
  type ReallocateRequestSchema,
  type ReallocateResult,
} from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { budgetItems } from '../../schema/budget.ts';
import { requireAccess, requirePlanAccess } from '../access/index.ts';
import { diffFields, recordActivities } from '../activities/index.ts';
import { budgetByMonth, budgetChangesOf, insertBudgetChanges } from '../baseline/index.ts';
import { trackOverspend } from '../notifications/index.ts';
import { formatCents, toWireMonths } from './budget-rules.ts';
import { withMonths } from './item-currency.ts';
import { type StaleCell, staleCellsError } from './budget-versions.ts';
import * as repo from './budget.repository.ts';
import { monthLabel } from './month-edit.ts';

type ReallocateInput = z.output<typeof ReallocateRequestSchema>;

/**
 * Whether the Month cell of `row` is as read (SetMonth's rule, DESIGN.md §13): an unphased item's
 * cells are its Amount spread, so its Version stands for them; a phased item without a cell in the
 * month was read with null.
 */
const staleMonthCell = (row: repo.ItemTableRow, stored: readonly repo.MonthRow[], month: string, read: number | null): StaleCell | null => {
  if (stored.length === 0) return read === row.version ? null : { itemId: row.id, month: null, version: row.version };
  const cell = stored.find((entry) => entry.month.slice(0, 7) === month);
  if (!cell) return read === null ? null : { itemId: row.id, month: null, version: row.version };
  return read === cell.version ? null : { itemId: row.id, month, version: cell.version };
};

/**
 * BudgetItemClient/Reallocate (DESIGN.md §14): moves one month's budget from an item to another of
 * the same plan in one transaction. The plan total is unchanged; the source keeps at least its
 * month's Actual + Committed. An unphased item (its months are its Amount spread evenly, as the grid
 * shows them) is phased by that spread first; then only the month's cell of each item is written.
 */
export const createReallocateService = (ctx: AppContext) => {
  const readItem = async (db: Db, tenantId: string, itemId: string) => {
    const [row] = await repo.listItems(db, tenantId, { kind: 'item', itemId });
    if (!row) throw notFound('The budget item');
    return withMonths(row, await repo.listMonths(db, tenantId, itemId));
  };

  /** The source month's room: its Budget (as the grid shows it) − Actual − Committed. */
  const monthLeft = async (
    db: Db,
    tenantId: string,
    row: repo.ItemTableRow,
    stored: readonly repo.MonthRow[],
    planMonths: string[],
    month: string,
  ) => {
    const budget = budgetByMonth({ ...row, months: stored }, planMonths).get(month) ?? 0;
    const spend = await repo.findMonthSpend(db, tenantId, row.id, month);
    return { budget, ...spend, left: budget - spend.actual - spend.committed };
  };

  return {
    getMonthLeft: async (auth: AuthContext, itemId: string, monthKey: string): Promise<MonthLeft> => {
      const row = await repo.findItem(ctx.db, auth.tenantId, itemId);
      if (!row) throw notFound('The budget item');
      const { plan } = await requirePlanAccess(ctx.db, auth, row.marketingPlanId, 'The budget item');
      const planMonths = monthsBetween(plan.startDate, plan.endDate);
      if (!planMonths.includes(monthKey))
        throw fieldError('Month', `${monthKey} is outside the plan’s dates (${plan.startDate} to ${plan.endDate}).`);
      const room = await monthLeft(
        ctx.db,
        auth.tenantId,
        row,
        await repo.listMonths(ctx.db, auth.tenantId, row.id),
        planMonths,
        `${monthKey}-01`,
      );
      return {
        BudgetItemId: row.id,
        Month: monthKey,
        Budget: toDollars(room.budget),
        Actual: toDollars(room.actual),
        Committed: toDollars(room.committed),
        Left: toDollars(Math.max(room.left, 0)),
      };
    },

    reallocate: (auth: AuthContext, input: ReallocateInput): Promise<ReallocateResult> =>
      ctx.db.transaction(async (tx) => {
        // Locked in id order, as every writer of an item locks it first: two moves between the same items cannot deadlock.
        const ids = [...new Set([input.FromBudgetItemId, input.ToBudgetItemId])].sort();
        const locked = new Map<string, repo.ItemTableRow>();
        for (const id of ids) {
          const row = await repo.lockItem(tx, auth.tenantId, id);
          if (!row) throw notFound('The budget item');
          locked.set(id, row);
        }
        const from = locked.get(input.FromBudgetItemId) as repo.ItemTableRow;
        const to = locked.get(input.ToBudgetItemId) as repo.ItemTableRow;
        // Each item's plan must be the caller's to see (404 otherwise) and to edit.
        const access = await requirePlanAccess(tx, auth, from.marketingPlanId, 'The budget item');
        const toAccess =
          to.marketingPlanId === from.marketingPlanId ? access : await requirePlanAccess(tx, auth, to.marketingPlanId, 'The budget item');
        requireAccess(access, 'budgetItem.edit');
        requireAccess(toAccess, 'budgetItem.edit');

        // All or nothing (DESIGN.md §13): both Month cells must be as read before anything is checked or written.
        const stored = new Map<string, repo.MonthRow[]>();
        for (const id of ids) stored.set(id, await repo.listMonths(tx, auth.tenantId, id));
        const stale = [from, to].flatMap((row, index) => {
          const cell = input.Cells.find((entry) => entry.BudgetItemId === row.id);
          if (!cell) throw fieldError('Cells', `Send the ${input.Month} cell of “${row.name}” as read.`);
          // The same item twice (refused below) is checked once.
          if (index === 1 && row.id === from.id) return [];
          const found = staleMonthCell(row, stored.get(row.id) ?? [], input.Month, cell.Version);
          return found ? [found] : [];
        });
        if (stale.length > 0) {
          throw await staleCellsError(
            tx,
            auth,
            stale,
            new Map([
              [from.id, from.name],
              [to.id, to.name],
            ]),
            async () => Promise.all(ids.map((id) => readItem(tx, auth.tenantId, id))),
          );
        }

        if (from.id === to.id) throw fieldError('ToBudgetItemId', 'Choose two different budget items.');
        if (from.marketingPlanId !== to.marketingPlanId) {
          throw fieldError('ToBudgetItemId', `“${to.name}” is in another plan: budget moves only between items of one plan.`);
        }
        const { plan } = access;
        if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its budget.`);
        // A move is an amount of the base currency (DESIGN.md §17): an item budgeted in another currency changes in its own.
        const foreign = [from, to].find((row) => row.currency !== null);
        if (foreign) {
          throw conflict(
            `“${foreign.name}” is budgeted in ${foreign.currency}: budget moves only between items in the base currency. Change its months in ${foreign.currency} instead.`,
          );
        }
        const planMonths = monthsBetween(plan.startDate, plan.endDate);
        if (!planMonths.includes(input.Month)) {
          throw fieldError('Month', `${input.Month} is outside the plan’s dates (${plan.startDate} to ${plan.endDate}).`);
        }
        const cents = toCents(input.Amount);
        if (cents <= 0) throw fieldError('Amount', 'Amount must be more than $0.00.');

        const month = `${input.Month}-01`;
        const label = monthLabel(input.Month);
        const fromBefore = { ...from, months: stored.get(from.id) ?? [] };
        const toBefore = { ...to, months: stored.get(to.id) ?? [] };
        const fromMonths = budgetByMonth(fromBefore, planMonths);
        const toMonths = budgetByMonth(toBefore, planMonths);
        const { budget, left, ...spend } = await monthLeft(tx, auth.tenantId, from, fromBefore.months, planMonths, month);
        if (cents > left) {
          throw fieldError(
            'Amount',
            `${from.name} has ${formatCents(Math.max(left, 0))} left in ${label} (budget ${formatCents(budget)} − actual ${formatCents(spend.actual)} − committed ${formatCents(spend.committed)}): move at most that.`,
          );
        }
        const toTotal = to.amountCents + cents;
        if (toTotal > toCents(MAX_MONEY)) {
          throw fieldError(
            'Amount',
            `${to.name}’s total would be ${formatCents(toTotal)}, over the limit of ${formatCents(toCents(MAX_MONEY))}.`,
          );
        }

        // The new months: an unphased item's spread becomes its phasing; then the month moves.
        const fromAfter = new Map(fromMonths).set(month, budget - cents);
        const toAfter = new Map(toMonths).set(month, (toMonths.get(month) ?? 0) + cents);
        const asCells = (cells: Map<string, number>) =>
          [...cells].sort(([a], [b]) => a.localeCompare(b)).map(([key, amountCents]) => ({ month: key, amountCents }));
        const now = ctx.clock.now();
        const write = async (row: repo.ItemTableRow, before: repo.MonthRow[], after: Map<string, number>, total: number) => {
          // Only the month's cell, or every spread month of an item that had no phasing.
          await repo.upsertMonthCells(
            tx,
            auth.tenantId,
            row.id,
            before.length === 0 ? asCells(after) : [{ month, amountCents: after.get(month) ?? 0 }],
          );
          await tx
            .update(budgetItems)
            .set({ amountCents: total, updatedAt: now })
            .where(and(eq(budgetItems.tenantId, auth.tenantId), eq(budgetItems.id, row.id)));
        };
        await write(from, fromBefore.months, fromAfter, from.amountCents - cents);
        await write(to, toBefore.months, toAfter, toTotal);

        const groupId = newId();
        const changes = [
          ...budgetChangesOf(planMonths, fromBefore, { ...from, amountCents: from.amountCents - cents, months: asCells(fromAfter) }),
          ...budgetChangesOf(planMonths, toBefore, { ...to, amountCents: toTotal, months: asCells(toAfter) }),
        ];
        await insertBudgetChanges(tx, {
          tenantId: auth.tenantId,
          planId: plan.id,
          userId: auth.userId,
          reason: input.Reason,
          kind: 2,
          groupId,
          changes,
          at: now,
        });
        const description = `Reallocated ${formatCents(cents)} of ${label} from ${from.name} to ${to.name}: ${input.Reason}`;
        const activity = (row: repo.ItemTableRow, before: repo.MonthRow[], after: Map<string, number>, total: number) => ({
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'BudgetItem' as const,
          entityId: row.id,
          marketingPlanId: row.marketingPlanId,
          action: 'update' as const,
          name: row.name,
          description,
          changes: diffFields(
            { amount: toDollars(row.amountCents), months: toWireMonths(before) },
            { amount: toDollars(total), months: toWireMonths(asCells(after)) },
          ),
          at: now,
        });
        await recordActivities(tx, [
          activity(from, fromBefore.months, fromAfter, from.amountCents - cents),
          activity(to, toBefore.months, toAfter, toTotal),
        ]);
        await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [from.id, to.id] });
        return {
          From: await readItem(tx, auth.tenantId, from.id),
          To: await readItem(tx, auth.tenantId, to.id),
          GroupId: groupId,
          Description: description,
        };
      }),
  };
};
