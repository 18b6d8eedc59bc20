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
import { checkMonths, formatCents, toBudgetItem, toReadMonths, toWireMonths } from './budget-rules.ts';
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
          return item ? { ...toBudgetItem(item), Months: toReadMonths(stored) } : null;
        });
      }
      checkMonths([{ Month: input.Month, Amount: input.Amount }], access.plan);

      const planMonths = monthsBetween(access.plan.startDate, access.plan.endDate);
      const cents = new Map<MonthKey, number>(
        stored.length > 0
          ? stored.map((month) => [month.month.slice(0, 7), month.amountCents])
          : spreadOverMonths(row.amountCents, planMonths),
      );
      const monthBefore = cents.get(input.Month) ?? 0;
      cents.set(input.Month, toCents(input.Amount));

      let spread: MonthEdit['spread'] = null;
      if (input.YearTotal !== null) {
        const target = toCents(input.YearTotal);
        const difference = target - sumOf(cents);
        const firstOpen = callerToday(ctx, auth).slice(0, 7);
        const open = planMonths.filter((month) => month >= firstOpen && month !== input.Month);
        const changed = spreadDifference(cents, open, difference);
        if (!changed) {
          const held = open.reduce((sum, month) => sum + (cents.get(month) ?? 0), 0);
          throw fieldError(
            'YearTotal',
            open.length === 0
              ? `${row.name} has no other open month (${monthLabel(firstOpen)} or later) to take ${formatCents(difference)}. Change the year total instead.`
              : `Keeping ${row.name}’s year total at ${formatCents(target)} would take ${formatCents(-difference)} from its other open months (${monthLabel(firstOpen)} on), which hold ${formatCents(held)}. Change the year total instead.`,
          );
        }
        spread = { cents: difference, months: changed.length };
      }

      const totalAfter = sumOf(cents);
      if (totalAfter > toCents(MAX_MONEY))
        throw fieldError(
          'Amount',
          `${row.name}’s year total would be ${formatCents(totalAfter)}, over the limit of ${formatCents(toCents(MAX_MONEY))}.`,
        );
      const edit: MonthEdit = {
        name: row.name,
        month: input.Month,
        monthBefore,
        monthAfter: toCents(input.Amount),
        totalBefore: row.amountCents,
        totalAfter,
        spread,
      };
      const description = describeMonthEdit(edit);
      const months = [...cents.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, amountCents]) => ({ month: `${month}-01`, amountCents }));
      const changes = diffFields(
        { amount: toDollars(row.amountCents), months: toWireMonths(stored) },
        { amount: toDollars(totalAfter), months: toWireMonths(months) },
      );
      // Typing a month's own amount again changes nothing (not even an unphased item into a phased one).
      const unchanged = edit.monthBefore === edit.monthAfter && totalAfter === row.amountCents && (spread?.months ?? 0) === 0;
      if (!unchanged && Object.keys(changes).length > 0) {
        const now = ctx.clock.now();
        const budgetChanges = budgetChangesOf(planMonths, { ...row, months: stored }, { ...row, amountCents: totalAfter, months });
        // At or above the team's threshold, by someone who does not decide, it waits for approval (DESIGN.md §15): nothing is written.
        const held = await holdBudgetChange(ctx, tx, auth, {
          plan: { id: access.plan.id, name: access.plan.name, teamId: access.plan.teamId },
          permission: access.permission,
          item: row,
          cells: stored,
          amountAfter: totalAfter,
          monthsAfter: months,
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
              ...toBudgetItem(current),
              Months: toReadMonths(stored),
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
        await repo.replaceMonths(tx, auth.tenantId, row.id, months);
        await tx
          .update(budgetItems)
          .set({ amountCents: totalAfter, updatedAt: now })
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
        if (totalAfter !== row.amountCents) await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [row.id] });
      }
      const [item] = await repo.listItems(tx, auth.tenantId, { kind: 'item', itemId: row.id });
      if (!item) throw notFound('The budget item');
      return {
        Item: { ...toBudgetItem(item), Months: toReadMonths(await repo.listMonths(tx, auth.tenantId, row.id)) },
        Description: description,
      };
    }),
});
