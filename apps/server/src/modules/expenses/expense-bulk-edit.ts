import type { Expense, ExpenseBulkEditRequestSchema, ExpenseBulkEditResult, ExpenseSaveRequestSchema } from '@plansmith/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockVersions } from '../../db/row-versions.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { expenses } from '../../schema/expenses.ts';
import { type PlanAccess, requireAccess, requirePlanAccess } from '../access/index.ts';
import { staleRowError } from '../activities/index.ts';
import { toExpense } from './expenses.mappers.ts';
import * as repo from './expenses.repository.ts';

type BulkInput = z.output<typeof ExpenseBulkEditRequestSchema>;
type SaveInput = z.output<typeof ExpenseSaveRequestSchema>;
type SaveExpense = (auth: AuthContext, input: SaveInput, within?: Db) => Promise<Expense>;

const EDIT_REFUSAL = 'Your team role lets you read this plan’s expenses, not change them.';

/** “Trade fair”, “Booth” and 3 more */
const nameList = (names: string[]): string => {
  const quoted = names.slice(0, 3).map((name) => `“${name}”`);
  const more = names.length - quoted.length;
  return more > 0 ? `${quoted.join(', ')} and ${more} more` : quoted.join(', ');
};

/** The Postgres error a write ran into, if it is the closed-month trigger's (migration 1021: SQLSTATE PSC01). */
const closedMonthMessage = (error: unknown): string | null => {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const found = candidate as { code?: unknown; message?: unknown } | null | undefined;
    if (found?.code === 'PSC01' && typeof found.message === 'string') return found.message;
  }
  return null;
};

/** A row's own refusal, naming the row and saying the whole edit was undone. */
const refusalOf = (error: unknown, row: repo.ExpenseRow): unknown => {
  const closed = closedMonthMessage(error);
  if (closed) return conflict(`“${row.name}” (${row.purchaseDate}): ${closed} Nothing was changed.`);
  if (error instanceof HttpError && error.statusCode !== 409) {
    return new HttpError(error.statusCode, `“${row.name}”: ${error.message} Nothing was changed.`, error.fieldErrors);
  }
  return error;
};

/**
 * ExpenseClient/BulkEdit (DESIGN.md §16): sets Status, budget item and/or custom fields on many
 * expenses in one transaction. Every row is checked first (exists and visible: 404; the caller may
 * edit its plan: 403; the version read: 409 listing every stale row as Result); then each is saved
 * through ExpenseClient/Save's own path, so the plan, item, date, closed-month and approval rules
 * are exactly Save's. Any refusal undoes the whole edit.
 */
export const createExpenseBulkEdit =
  (ctx: AppContext, saveExpense: SaveExpense) =>
  async (auth: AuthContext, input: BulkInput): Promise<ExpenseBulkEditResult> =>
    ctx.db.transaction(async (tx) => {
      const ids = input.Rows.map((row) => row.Id);
      const rows = new Map<string, repo.ExpenseRow>();
      const plans = new Map<string, PlanAccess>();
      for (const id of ids) {
        const row = await repo.findExpense(tx, auth.tenantId, id);
        if (!row) throw notFound('One of the selected expenses');
        const access =
          plans.get(row.marketingPlanId) ?? (await requirePlanAccess(tx, auth, row.marketingPlanId, 'One of the selected expenses'));
        plans.set(row.marketingPlanId, access);
        // The role first: someone who may not write learns nothing from the body's checks.
        requireAccess(access, 'expense.edit', EDIT_REFUSAL);
        rows.set(id, row);
      }
      const locked = await lockVersions(
        tx,
        expenses,
        expenses.version,
        { id: expenses.id },
        and(eq(expenses.tenantId, auth.tenantId), inArray(expenses.id, ids)) as SQL,
      );
      const versions = new Map(locked.map((row) => [row.id as string, row.version]));
      const stale = input.Rows.filter((sent) => versions.get(sent.Id) !== sent.Version);
      const [first] = stale;
      if (first) {
        const current = await Promise.all(stale.map((sent) => repo.findExpense(tx, auth.tenantId, sent.Id)));
        const names = current.map((row) => row?.name ?? 'an expense');
        throw await staleRowError(tx, auth, {
          entity: 'Expense',
          id: first.Id,
          what: stale.length === 1 ? `the expense ${nameList(names)}` : `${stale.length} of the selected expenses (${nameList(names)})`,
          read: first.Version,
          current: versions.get(first.Id) ?? first.Version,
          row: () => current.filter((row): row is repo.ExpenseRow => row !== null).map(toExpense),
          changedThrough: stale.map((sent) => ({ entityType: 'Expense', entityId: sent.Id })),
        });
      }

      const target = input.Set.BudgetItemId ? await repo.findBudgetItem(tx, auth.tenantId, input.Set.BudgetItemId) : null;
      if (input.Set.BudgetItemId && !target) throw notFound('The budget item');
      const saved: Expense[] = [];
      for (const sent of input.Rows) {
        const row = rows.get(sent.Id) as repo.ExpenseRow;
        const budgetItemId = target?.id ?? row.budgetItemId;
        if (!budgetItemId) throw badRequest(`“${row.name}” has no budget item: choose the item to move it to.`);
        const save: SaveInput = {
          Id: row.id,
          MarketingPlanId: row.marketingPlanId,
          BudgetItemId: budgetItemId,
          Name: row.name,
          Payee: row.payee,
          Description: row.description,
          PurchaseOrder: row.purchaseOrder,
          PurchaseDate: row.purchaseDate,
          // Its own amount in its own currency: a moved expense keeps its currency, whatever the new item's (DESIGN.md §17).
          Currency: row.currency ?? row.baseCurrency,
          Amount: toExpense(row).Amount,
          Status: input.Set.Status ?? row.status,
          // An expense's category type is its item's (DESIGN.md §5): a moved expense takes the new item's.
          CategoryType: target?.categoryType ?? row.categoryType,
          GeneralLedgerCodeId: row.generalLedgerCodeId,
          Active: row.active,
          // The fields given replace their values, the others stay: Save checks them (validateCustomFields, 400 naming the field).
          ...(input.Set.CustomFields ? { CustomFields: input.Set.CustomFields } : {}),
          Version: sent.Version,
        };
        try {
          saved.push(await saveExpense(auth, save, tx));
        } catch (error) {
          throw refusalOf(error, row);
        }
      }
      return { Items: saved };
    });
