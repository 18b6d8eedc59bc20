import {
  EXPENSE_CATEGORY_TYPE_LABELS,
  type Expense,
  type ExpensePage,
  type ExpenseSaveRequestSchema,
  type GetExpensesRequestSchema,
  PLAN_STATE_ARCHIVED,
  SEARCH_LIMIT,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import { callerToday } from '../../lib/today.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { listVisibleTeamIds, type PlanAccess, requireAccess, requirePlanAccess } from '../access/index.ts';
import { assertVersion, diffFields, recordActivity } from '../activities/index.ts';
import { expenseApprovalRule, syncExpenseRequest } from '../approvals/index.ts';
import { resolveFieldFilters, validateCustomFields } from '../custom-fields/index.ts';
import { trackOverspend } from '../notifications/index.ts';
import { futureActualProblem, templateProblem } from './expense-rules.ts';
import { auditSnapshot, describeExpense, toExpense } from './expenses.mappers.ts';
import * as repo from './expenses.repository.ts';
import { listTotals } from './expense-list-totals.ts';
import { expenseMoney } from './expense-currency.ts';

type SaveInput = z.output<typeof ExpenseSaveRequestSchema>;
type ListInput = z.output<typeof GetExpensesRequestSchema>;

const PAYEE_SUGGESTION_LIMIT = 500;

const assertPlanWritable = (access: PlanAccess): void => {
  if (access.plan.state === PLAN_STATE_ARCHIVED) throw conflict('This plan is archived: its expenses cannot be changed.');
  const template = templateProblem(access.plan);
  if (template) throw fieldError('MarketingPlanId', template);
};

/** An expense's purchase date lies within its plan (DESIGN.md §12); the message gives the plan's dates. */
const assertDateInPlan = (access: PlanAccess, purchaseDate: string): void => {
  const { startDate, endDate } = access.plan;
  if (purchaseDate < startDate || purchaseDate > endDate) {
    throw fieldError('PurchaseDate', `The purchase date must lie within the plan’s dates, ${startDate} to ${endDate}.`);
  }
};

const burnRate = (actualCents: number, amountCents: number): number => (amountCents > 0 ? actualCents / amountCents : 0);

/** The expense, or 404 when it does not exist or its plan is hidden from the caller. */
const requireExpense = async (db: Db, auth: AuthContext, expenseId: string) => {
  const row = await repo.findExpense(db, auth.tenantId, expenseId);
  if (!row) throw notFound('The expense');
  return { row, access: await requirePlanAccess(db, auth, row.marketingPlanId, 'The expense') };
};

/**
 * Locks the expense and answers 409 with it as it is now when the version the caller read is not
 * its version (DESIGN.md §13), so a colleague's change is never overwritten unseen.
 */
const checkExpenseVersion = async (tx: Db, auth: AuthContext, id: string, read: number): Promise<void> => {
  const current = await repo.lockExpenseVersion(tx, auth.tenantId, id);
  if (current === null) throw notFound('The expense');
  await assertVersion(tx, auth, {
    entity: 'Expense',
    id,
    what: 'this expense',
    read,
    current,
    row: async () => {
      const row = await repo.findExpense(tx, auth.tenantId, id);
      return row ? toExpense(row) : null;
    },
  });
};

/**
 * Checks that plan, budget item and category type agree (DESIGN.md §5) and that the GL code is
 * one of the tenant's; answers the item.
 */
const checkAgreement = async (db: Db, auth: AuthContext, input: SaveInput) => {
  const item = await repo.findBudgetItem(db, auth.tenantId, input.BudgetItemId);
  if (!item) throw notFound('The budget item');
  if (item.marketingPlanId !== input.MarketingPlanId) {
    throw fieldError('BudgetItemId', `The budget item “${item.name}” belongs to another plan than the expense.`);
  }
  if (item.categoryType !== input.CategoryType) {
    const label = EXPENSE_CATEGORY_TYPE_LABELS[item.categoryType];
    throw fieldError(
      'CategoryType',
      `The budget item “${item.name}” is in a ${label} category, so the expense’s CategoryType must be ${item.categoryType} (${label}).`,
    );
  }
  if (input.GeneralLedgerCodeId) {
    const code = await repo.findGeneralLedgerCode(db, auth.tenantId, input.GeneralLedgerCodeId);
    if (!code) throw notFound('The general ledger code');
  }
  return item;
};

export const createExpensesService = (ctx: AppContext) => ({
  getExpenses: async (auth: AuthContext, input: ListInput): Promise<ExpensePage> => {
    let planId = input.MarketingPlanId;
    let itemSummary: ExpensePage['BudgetItem'] = null;
    if (input.BudgetItemId) {
      const item = await repo.findBudgetItem(ctx.db, auth.tenantId, input.BudgetItemId);
      if (!item || (planId && item.marketingPlanId !== planId)) throw notFound('The budget item');
      planId = item.marketingPlanId;
      await requirePlanAccess(ctx.db, auth, planId, 'The budget item');
      const spend = await repo.sumItemSpend(ctx.db, auth.tenantId, item.id);
      itemSummary = {
        Id: item.id,
        Name: item.name,
        MarketingPlanId: item.marketingPlanId,
        CategoryType: item.categoryType,
        Amount: toDollars(item.amountCents),
        Planned: toDollars(spend.planned),
        Committed: toDollars(spend.committed),
        Actual: toDollars(spend.actual),
        Requested: toDollars(spend.requested),
        Available: toDollars(item.amountCents - spend.committed - spend.actual),
        LeftToPlan: toDollars(leftToPlanCents({ budget: item.amountCents, ...spend })),
        BurnRate: burnRate(spend.actual, item.amountCents),
      };
    } else if (planId) {
      await requirePlanAccess(ctx.db, auth, planId);
    }
    const filter: repo.ExpenseFilter = {
      marketingPlanId: planId,
      budgetItemId: input.BudgetItemId,
      query: input.Query || undefined,
      status: input.Status,
      categoryType: input.CategoryType,
      payee: input.Payee || undefined,
      dateFrom: input.DateFrom,
      dateTo: input.DateTo,
      fields: await resolveFieldFilters(ctx.db, auth.tenantId, 'Expense', input.Fields),
    };
    const [rows, sums] = await Promise.all([
      repo.listExpensePage(
        ctx.db,
        auth.tenantId,
        filter,
        { by: input.SortBy, direction: input.SortDirection },
        { offset: (input.Page - 1) * input.PageSize, limit: input.PageSize },
      ),
      listTotals(ctx.db, auth.tenantId, filter),
    ]);
    return {
      Items: rows.map(toExpense),
      Total: sums.count,
      Page: input.Page,
      PageSize: input.PageSize,
      Totals: {
        Count: sums.count,
        Amount: toDollars(sums.amount),
        Planned: toDollars(sums.planned),
        Committed: toDollars(sums.committed),
        Actual: toDollars(sums.actual),
        Requested: toDollars(sums.requested),
      },
      BudgetItem: itemSummary,
    };
  },

  searchExpenses: async (auth: AuthContext, input: { Query: string; MarketingPlanId?: string | undefined }): Promise<Expense[]> => {
    const teamIds = await listVisibleTeamIds(ctx.db, auth);
    const rows = await repo.searchExpenses(ctx.db, auth.tenantId, teamIds, input.Query, SEARCH_LIMIT, input.MarketingPlanId);
    return rows.map(toExpense);
  },

  getExpense: async (auth: AuthContext, expenseId: string): Promise<Expense> => {
    const { row } = await requireExpense(ctx.db, auth, expenseId);
    return toExpense(row);
  },

  /**
   * `within`: a transaction of the caller's (a bulk edit saves every row through here, each in a
   * savepoint of its one transaction, so every row follows the same rules and all or none is written).
   */
  saveExpense: async (auth: AuthContext, input: SaveInput, within?: Db): Promise<Expense> =>
    (within ?? ctx.db).transaction(async (tx) => {
      const { id, isNew } = idForSave(input.Id);
      const existing = isNew ? null : await requireExpense(tx, auth, id);
      const access = existing?.access ?? (await requirePlanAccess(tx, auth, input.MarketingPlanId));
      if (existing && existing.row.marketingPlanId !== input.MarketingPlanId) {
        throw fieldError('MarketingPlanId', 'An expense cannot move to another plan. Delete it and record it in the other plan.');
      }
      // The role first: someone who may not write learns nothing from the body's checks.
      requireAccess(access, 'expense.edit');
      // The contract requires a Version on update (requireVersionOnUpdate).
      if (existing) await checkExpenseVersion(tx, auth, id, input.Version ?? 0);
      const item = await checkAgreement(tx, auth, input);
      assertPlanWritable(access);
      assertDateInPlan(access, input.PurchaseDate);
      const future = futureActualProblem({ status: input.Status, purchaseDate: input.PurchaseDate }, callerToday(ctx, auth));
      if (future) throw fieldError('PurchaseDate', future);
      // DESIGN.md §17: the body's Currency; else unchanged on update, the item's (or its plan's) on create.
      const currency = input.Currency ?? existing?.row.currency ?? (existing ? item.baseCurrency : (item.currency ?? item.baseCurrency));
      const money = await expenseMoney(tx, auth.tenantId, {
        amount: input.Amount,
        currency,
        base: item.baseCurrency,
        purchaseDate: input.PurchaseDate,
      });
      // The base figure: the approval threshold and the item's money are in the base currency.
      const amountCents = money.amountCents;
      const active = isNew ? true : (input.Active ?? existing?.row.active ?? true);
      // DESIGN.md §15: at or above the team's threshold, saved by someone who does not decide, it waits.
      const rule = await expenseApprovalRule(tx, auth, access);
      const approval = rule.judge(existing ? existing.row : null, { status: input.Status, amountCents, active });
      // DESIGN.md §16: the body's CustomFields over the stored ones; 400 naming a field that is wrong.
      const customFields = await validateCustomFields(
        tx,
        auth.tenantId,
        'Expense',
        input.CustomFields,
        existing ? existing.row.customFields : null,
      );
      const values: repo.ExpenseValues = {
        marketingPlanId: input.MarketingPlanId,
        budgetItemId: item.id,
        generalLedgerCodeId: input.GeneralLedgerCodeId ?? null,
        name: input.Name,
        payee: input.Payee,
        // Kept on save (DESIGN.md §7.8: SPEC.md's clearing is a defect).
        description: input.Description?.trim() ? input.Description : null,
        purchaseOrder: input.PurchaseOrder,
        purchaseDate: input.PurchaseDate,
        amountCents,
        currency: money.currency,
        amountMinor: money.amountMinor,
        status: input.Status,
        categoryType: input.CategoryType,
        // New expenses are always active (SPEC.md §5).
        active,
        approval: approval.approval,
        customFields,
      };
      const now = ctx.clock.now();
      if (isNew) await repo.insertExpense(tx, auth.tenantId, id, values, auth.userId, now);
      else await repo.updateExpense(tx, auth.tenantId, id, values, now);
      const saved = await repo.findExpense(tx, auth.tenantId, id);
      if (!saved) throw notFound('The expense');
      if (approval.request !== 'none') {
        const spend = approval.request === 'open' ? await repo.sumItemSpend(tx, auth.tenantId, item.id) : null;
        await syncExpenseRequest(
          ctx,
          tx,
          auth,
          {
            id,
            name: saved.name,
            amountCents: Number(saved.amountCents),
            ownAmount: saved.currency ? { currency: saved.currency, amount: toExpense(saved).Amount } : null,
            status: saved.status,
            marketingPlanId: saved.marketingPlanId,
            planName: access.plan.name,
            teamId: access.plan.teamId,
            budgetItemId: item.id,
            budgetItemName: item.name,
            availableCents: spend ? item.amountCents - spend.committed - spend.actual : null,
          },
          approval.request,
        );
      }
      const expense = toExpense(saved);
      const foreign = Boolean(existing?.row.currency || saved.currency);
      const changes = existing ? diffFields(auditSnapshot(toExpense(existing.row), foreign), auditSnapshot(expense, foreign)) : null;
      if (isNew || (changes && Object.keys(changes).length > 0)) {
        await recordActivity(tx, {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'Expense',
          entityId: id,
          marketingPlanId: expense.MarketingPlanId,
          action: isNew ? 'create' : 'update',
          name: expense.Name,
          description: isNew
            ? `Recorded ${describeExpense(expense, saved.baseCurrency)}${expense.Approval === 'Pending' ? ', waiting for approval' : ''}`
            : `Updated ${Object.keys(changes ?? {}).join(', ')}${expense.Approval === 'Pending' && changes?.Approval ? ' (waiting for approval)' : ''}`,
          changes,
          at: now,
        });
      }
      // The item it left (a moved expense) may drop back; the item it is on may go over (DESIGN.md §11).
      await trackOverspend(ctx, tx, {
        tenantId: auth.tenantId,
        budgetItemIds: [existing?.row.budgetItemId, item.id],
        cause: { expenseId: id, expenseName: expense.Name, authorId: saved.createdBy ?? null, actorId: auth.userId },
      });
      return expense;
    }),

  deleteExpense: async (
    auth: AuthContext,
    input: { ExpenseId: string; BudgetItemId?: string | undefined; Version: number },
  ): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      const { row, access } = await requireExpense(tx, auth, input.ExpenseId);
      if (input.BudgetItemId && row.budgetItemId !== input.BudgetItemId) throw notFound('The expense');
      requireAccess(access, 'expense.edit', 'Your team role lets you read this plan’s expenses, not delete them.');
      await checkExpenseVersion(tx, auth, row.id, input.Version);
      assertPlanWritable(access);
      await repo.deleteExpenseWithComments(tx, auth.tenantId, row.id);
      const expense = toExpense(row);
      await recordActivity(tx, {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        entityType: 'Expense',
        entityId: row.id,
        marketingPlanId: row.marketingPlanId,
        action: 'delete',
        name: row.name,
        description: `Deleted ${describeExpense(expense, row.baseCurrency)}`,
        changes: diffFields(auditSnapshot(expense, row.currency !== null), {}),
        at: ctx.clock.now(),
      });
      await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [row.budgetItemId] });
      return true;
    }),

  getPayees: async (auth: AuthContext, marketingPlanId: string): Promise<string[]> => {
    await requirePlanAccess(ctx.db, auth, marketingPlanId);
    return repo.listPayees(ctx.db, auth.tenantId, marketingPlanId, PAYEE_SUGGESTION_LIMIT);
  },
});
