import { type BudgetItem, monthsBetween, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import type { ItemMonths, SaveMonthsRequestSchema } from '@plansmith/contract/budget-months';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { requireAccess, requirePlanAccess } from '../access/index.ts';
import { type ActivityEntry, diffFields, recordActivities } from '../activities/index.ts';
import { holdBudgetChange, WAITING_FOR_APPROVAL_MESSAGE } from '../approvals/index.ts';
import { budgetChangesOf, keepBudgetChanges } from '../baseline/index.ts';
import { fromMinorUnits, toMinorUnits } from '@plansmith/contract';
import { checkMonths, toBudgetItem, toReadMonths, toWireMonths } from './budget-rules.ts';
import { checkAmountsFit, findBaseCurrency, ownAmountOf, ownCellsOf, toBaseBudget, withMonths } from './item-currency.ts';
import { staleCellOf, staleCellsError } from './budget-versions.ts';
import * as repo from './budget.repository.ts';
import { describeTotalChange } from './month-edit.ts';

type SaveMonthsInput = z.output<typeof SaveMonthsRequestSchema>;

/** The month grid's reads and its one-transaction save of a pasted block (issue 14). */
export const createBudgetMonthsService = (ctx: AppContext) => ({
  planMonths: async (auth: AuthContext, planId: string): Promise<ItemMonths[]> => {
    await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
    const rows = await ctx.db
      .select({
        itemId: budgetItemMonths.budgetItemId,
        month: budgetItemMonths.month,
        amountCents: budgetItemMonths.amountCents,
        amountMinor: budgetItemMonths.amountMinor,
        version: budgetItemMonths.version,
        currency: budgetItems.currency,
      })
      .from(budgetItemMonths)
      .innerJoin(budgetItems, and(eq(budgetItems.tenantId, budgetItemMonths.tenantId), eq(budgetItems.id, budgetItemMonths.budgetItemId)))
      .where(and(eq(budgetItemMonths.tenantId, auth.tenantId), eq(budgetItems.marketingPlanId, planId)))
      .orderBy(asc(budgetItemMonths.budgetItemId), asc(budgetItemMonths.month));
    const baseCurrency = await findBaseCurrency(ctx.db, auth.tenantId);
    const byItem = new Map<string, ItemMonths>();
    for (const row of rows) {
      const entry: ItemMonths = byItem.get(row.itemId) ?? { BudgetItemId: row.itemId, Currency: row.currency ?? baseCurrency, Months: [] };
      // In the item's own currency, with the base figure beside it (DESIGN.md §17).
      entry.Months.push(...toReadMonths([row], row.currency));
      byItem.set(row.itemId, entry);
    }
    return [...byItem.values()];
  },

  saveMonths: (auth: AuthContext, input: SaveMonthsInput): Promise<BudgetItem[]> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
      requireAccess(access, 'budgetItem.edit');
      if (access.plan.state === PLAN_STATE_ARCHIVED)
        throw conflict(`“${access.plan.name}” is archived. Restore the plan to change its budget.`);
      const ids = [...new Set(input.Items.map((item) => item.BudgetItemId))];
      // Locked in id order: a concurrent paste or cell edit of these items waits, then sees these versions.
      const existing = await repo.lockPlanItems(tx, auth.tenantId, access.plan.id, ids);
      // An item of another plan, or another tenant's, is as unknown as a missing one.
      if (existing.length !== ids.length) throw notFound('The budget item');
      const before = new Map(existing.map((row) => [row.id, row]));
      const oldMonths = await repo.listMonthsOf(tx, auth.tenantId, ids);
      const cellsOf = new Map<string, typeof oldMonths>();
      for (const month of oldMonths) cellsOf.set(month.itemId, [...(cellsOf.get(month.itemId) ?? []), month]);
      // All or nothing (DESIGN.md §13): every item of the block must be as read before anything is written.
      const stale = input.Items.flatMap((item) => {
        const row = before.get(item.BudgetItemId) as repo.ItemTableRow;
        const cell = staleCellOf(row, cellsOf.get(row.id) ?? [], item.Cells, item.Version);
        return cell ? [cell] : [];
      });
      if (stale.length > 0) {
        const staleIds = new Set(stale.map((cell) => cell.itemId));
        throw await staleCellsError(tx, auth, stale, new Map(existing.map((row) => [row.id, row.name])), async () => {
          const rows = (await repo.listItems(tx, auth.tenantId, { kind: 'plan', planId: access.plan.id })).filter((row) =>
            staleIds.has(row.id),
          );
          return rows.map((row) => withMonths(row, cellsOf.get(row.id) ?? []));
        });
      }
      if (ids.length !== input.Items.length)
        throw badRequest('An item appears more than once.', [{ Field: 'Items', Message: 'Send each item once.' }]);
      const now = ctx.clock.now();
      // An item in another currency is pasted in its own (DESIGN.md §17): its amounts are its minor units here.
      const currencyOf = (itemId: string) => before.get(itemId)?.currency ?? null;
      for (const item of input.Items) {
        const currency = currencyOf(item.BudgetItemId);
        // An item in the base currency: 2 decimals, "Amount can have at most 2 decimals." as before.
        checkAmountsFit(currency ?? 'USD', item, 'Amount', !currency);
      }
      const minor = (itemId: string, amount: number) => {
        const currency = currencyOf(itemId);
        return currency ? toMinorUnits(amount, currency) : toCents(amount);
      };
      const newMonths = input.Items.flatMap((item) =>
        checkMonths(item.Months ?? [], access.plan, currencyOf(item.BudgetItemId) ?? undefined).map((month) => ({
          tenantId: auth.tenantId,
          budgetItemId: item.BudgetItemId,
          ...month,
        })),
      );
      const monthsOf = (itemId: string) =>
        newMonths.filter((month) => month.budgetItemId === itemId).map(({ month, amountCents }) => ({ month, amountCents }));
      // Budget changes and approvals compare base money: the figures the triggers will store.
      const baseAfter = new Map<string, { amountCents: number; months: repo.MonthCents[] }>();
      for (const item of input.Items) {
        const itemId = item.BudgetItemId;
        baseAfter.set(
          itemId,
          await toBaseBudget(
            tx,
            auth.tenantId,
            currencyOf(itemId),
            access.plan.budgetRateMonth,
            minor(itemId, item.Amount),
            monthsOf(itemId),
          ),
        );
      }
      // After the baseline lock the block says why and each changed month is kept (DESIGN.md §14).
      const planMonths = monthsBetween(access.plan.startDate, access.plan.endDate);
      const changesOfItem = new Map(
        input.Items.map((item) => {
          const row = before.get(item.BudgetItemId) as repo.ItemTableRow;
          return [
            row.id,
            budgetChangesOf(
              planMonths,
              { ...row, months: cellsOf.get(row.id) ?? [] },
              { ...row, ...(baseAfter.get(row.id) ?? { amountCents: 0, months: [] }) },
            ),
          ] as const;
        }),
      );
      // Item by item, a change at or above the team's threshold by someone who does not decide waits for approval (DESIGN.md §15): that item is not written.
      const held = new Map<string, string>();
      let availableOf: Map<string, number> | null = null;
      const available = async (itemId: string) => {
        availableOf ??= new Map(
          (await repo.listItems(tx, auth.tenantId, { kind: 'plan', planId: access.plan.id }))
            .filter((row) => before.has(row.id))
            .map((row) => [row.id, toCents(toBudgetItem(row).Available)]),
        );
        return availableOf.get(itemId) ?? null;
      };
      for (const item of input.Items) {
        const row = before.get(item.BudgetItemId) as repo.ItemTableRow;
        const request = await holdBudgetChange(ctx, tx, auth, {
          plan: { id: access.plan.id, name: access.plan.name, teamId: access.plan.teamId },
          permission: access.permission,
          item: row,
          cells: cellsOf.get(row.id) ?? [],
          amountAfter: baseAfter.get(row.id)?.amountCents ?? 0,
          monthsAfter: baseAfter.get(row.id)?.months ?? [],
          rows: changesOfItem.get(row.id) ?? [],
          reason: input.Reason,
          availableCents: () => available(row.id),
        });
        if (request) held.set(row.id, request.requestId);
      }
      await keepBudgetChanges(tx, {
        tenantId: auth.tenantId,
        planId: access.plan.id,
        userId: auth.userId,
        reason: input.Reason,
        changes: [...changesOfItem].flatMap(([itemId, rows]) => (held.has(itemId) ? [] : rows)),
        at: now,
      });
      // Updated in place, so the cells keep counting their versions.
      await repo.replaceMonthsOf(
        tx,
        auth.tenantId,
        ids
          .filter((itemId) => !held.has(itemId))
          .map((itemId) => ({ itemId, months: monthsOf(itemId), foreign: currencyOf(itemId) !== null })),
      );
      const activities: ActivityEntry[] = [];
      for (const item of input.Items) {
        const row = before.get(item.BudgetItemId);
        if (!row || held.has(row.id)) continue;
        const currency = row.currency ?? undefined;
        const amountAfter = minor(row.id, item.Amount);
        const amountBefore = ownAmountOf(row);
        await tx
          .update(budgetItems)
          // A foreign item's base amount follows its own by trigger (PSF02 if written here).
          .set(currency ? { amountMinor: amountAfter, updatedAt: now } : { amountCents: amountAfter, updatedAt: now })
          .where(and(eq(budgetItems.tenantId, auth.tenantId), eq(budgetItems.id, row.id)));
        const snapshot = (amount: number, months: readonly repo.MonthCents[]) =>
          currency
            ? {
                amount: fromMinorUnits(amount, currency),
                months: months.map((cell) => ({ Month: cell.month.slice(0, 7), Amount: fromMinorUnits(cell.amountCents, currency) })),
              }
            : { amount: toDollars(amount), months: toWireMonths(months) };
        const changes = diffFields(
          snapshot(
            amountBefore,
            ownCellsOf(
              row.currency,
              oldMonths.filter((month) => month.itemId === row.id),
            ),
          ),
          snapshot(amountAfter, monthsOf(row.id)),
        );
        if (Object.keys(changes).length > 0) {
          activities.push({
            tenantId: auth.tenantId,
            actorId: auth.userId,
            entityType: 'BudgetItem',
            entityId: row.id,
            marketingPlanId: row.marketingPlanId,
            action: 'update',
            name: row.name,
            // A pasted block that changes an item's total says so (issue 28 B2), like a typed month.
            description: amountBefore === amountAfter ? '' : describeTotalChange(row.name, amountBefore, amountAfter, currency),
            changes,
            at: now,
          });
        }
      }
      await recordActivities(tx, activities);
      const saved = new Set(ids);
      const rows = (await repo.listItems(tx, auth.tenantId, { kind: 'plan', planId: access.plan.id })).filter((row) => saved.has(row.id));
      const savedMonths = await repo.listMonthsOf(tx, auth.tenantId, ids);
      return rows.map((row) => {
        const requestId = held.get(row.id);
        return {
          ...withMonths(
            row,
            savedMonths.filter((month) => month.itemId === row.id),
          ),
          ...(requestId ? { WaitingForApproval: { RequestId: requestId, Message: WAITING_FOR_APPROVAL_MESSAGE } } : {}),
        };
      });
    }),
});
