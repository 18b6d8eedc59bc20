import {
  EXPENSE_VIEWS_MAX,
  type ExpenseView,
  type ExpenseViewDeleteRequestSchema,
  type ExpenseViewSaveRequestSchema,
  ExpenseViewFiltersSchema,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { requirePlanAccess } from '../access/index.ts';
import { assertVersion } from '../activities/index.ts';
import * as repo from './expense-views.repository.ts';
import { findBudgetItem } from './expenses.repository.ts';

type SaveInput = z.output<typeof ExpenseViewSaveRequestSchema>;
type DeleteInput = z.output<typeof ExpenseViewDeleteRequestSchema>;

const toExpenseView = (row: repo.ExpenseViewRow): ExpenseView => ({
  Id: row.id,
  Name: row.name,
  // Saved through the same schema; parsing again drops nothing a newer contract would not read.
  Filters: ExpenseViewFiltersSchema.catch({}).parse(row.filters),
  Columns: row.columns,
  CreatedAt: row.createdAt.toISOString(),
  UpdatedAt: row.updatedAt.toISOString(),
  Version: row.version,
});

/**
 * Locks the caller's own view and answers 409 with it as it is now when the version they read is
 * not its version; 404 when it is not theirs (a view is private: another's answers like a missing one).
 */
const checkViewVersion = async (tx: Db, auth: AuthContext, id: string, read: number): Promise<repo.ExpenseViewRow> => {
  const current = await repo.lockOwnViewVersion(tx, auth.tenantId, auth.userId, id);
  const row = current === null ? null : await repo.findOwnView(tx, auth.tenantId, auth.userId, id);
  if (current === null || !row) throw notFound('The saved view');
  const owner = await repo.findOwnerName(tx, auth.tenantId, auth.userId);
  await assertVersion(tx, auth, {
    entity: 'ExpenseView',
    id,
    what: `the saved view “${row.name}”`,
    read,
    current,
    row: () => toExpenseView(row),
    // Only its owner changes a view, so the last change was theirs (in another window).
    changedBy: { actorId: auth.userId, firstName: owner?.firstName ?? null, lastName: owner?.lastName ?? null, at: row.updatedAt },
  });
  return row;
};

export const createExpenseViewsService = (ctx: AppContext) => ({
  listViews: async (auth: AuthContext): Promise<ExpenseView[]> =>
    (await repo.listOwnViews(ctx.db, auth.tenantId, auth.userId)).map(toExpenseView),

  saveView: async (auth: AuthContext, input: SaveInput): Promise<ExpenseView> =>
    ctx.db.transaction(async (tx) => {
      const { id, isNew } = idForSave(input.Id);
      // The contract requires a Version on update (requireVersionOnUpdate).
      if (!isNew) await checkViewVersion(tx, auth, id, input.Version ?? 0);
      // A view names only items the caller sees: another tenant's, or a hidden plan's, answers like a missing one.
      if (input.Filters.BudgetItemId) {
        const item = await findBudgetItem(tx, auth.tenantId, input.Filters.BudgetItemId);
        if (!item) throw notFound('The budget item');
        await requirePlanAccess(tx, auth, item.marketingPlanId, 'The budget item');
      }
      const sameName = await repo.findOwnViewByName(tx, auth.tenantId, auth.userId, input.Name, isNew ? null : id);
      if (sameName) throw conflict(`You already have a view named “${sameName.name}”. Choose another name, or open that view and save it.`);
      if (isNew && (await repo.countOwnViews(tx, auth.tenantId, auth.userId)) >= EXPENSE_VIEWS_MAX) {
        throw conflict(`You have ${EXPENSE_VIEWS_MAX} saved views, the most one person can keep. Delete one you no longer use first.`);
      }
      const values: repo.ExpenseViewValues = { name: input.Name, filters: input.Filters, columns: input.Columns };
      const now = ctx.clock.now();
      if (isNew) await repo.insertView(tx, auth.tenantId, auth.userId, id, values, now);
      else await repo.updateView(tx, auth.tenantId, auth.userId, id, values, now);
      const saved = await repo.findOwnView(tx, auth.tenantId, auth.userId, id);
      if (!saved) throw notFound('The saved view');
      return toExpenseView(saved);
    }),

  deleteView: async (auth: AuthContext, input: DeleteInput): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      await checkViewVersion(tx, auth, input.Id, input.Version);
      await repo.deleteView(tx, auth.tenantId, auth.userId, input.Id);
      return true;
    }),
});
