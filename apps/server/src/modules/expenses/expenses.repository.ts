import type { CurrencyCode, ExpenseCategoryType } from '@plansmith/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { comments } from '../../schema/comments.ts';
import { lookups } from '../../schema/lookups.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { type ExpenseApproval, type ExpenseStatus, expenses } from '../../schema/expenses.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { cents } from '../../db/rows.ts';
import type { StoredCustomFields } from '../../schema/custom-fields.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { customFieldFilterSql, type ResolvedFieldFilter } from '../custom-fields/index.ts';

export type ExpenseRow = typeof expenses.$inferSelect & {
  budgetItemName: string | null;
  generalLedgerCodeName: string | null;
  /** The tenant's base currency: the expense's when `currency` is null (DESIGN.md §17). */
  baseCurrency: CurrencyCode;
};
export type ExpenseValues = {
  marketingPlanId: string;
  budgetItemId: string;
  generalLedgerCodeId: string | null;
  name: string;
  payee: string | null;
  description: string | null;
  purchaseOrder: string | null;
  purchaseDate: string;
  /** The base figure. For a foreign expense the trigger computes it (migration 1070): an update never writes it. */
  amountCents: number;
  /** Null: the base currency. */
  currency: CurrencyCode | null;
  /** The own amount in minor units of `currency`; null with it. */
  amountMinor: number | null;
  status: ExpenseStatus;
  categoryType: ExpenseCategoryType;
  active: boolean;
  /** DESIGN.md §15: 1 pending counts as Requested, not as its status. */
  approval: ExpenseApproval;
  /** Custom field values as validateCustomFields stores them (DESIGN.md §16). */
  customFields: StoredCustomFields;
};

export type ExpenseFilter = {
  marketingPlanId?: string | undefined;
  budgetItemId?: string | undefined;
  query?: string | undefined;
  status?: ExpenseStatus | undefined;
  categoryType?: ExpenseCategoryType | undefined;
  payee?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** Custom field filters (checked by resolveFieldFilters); the kept sums cannot answer them. */
  fields?: readonly ResolvedFieldFilter[] | undefined;
};
export type ExpenseSort = { by: 'PurchaseDate' | 'Amount' | 'Name' | 'Payee'; direction: 'asc' | 'desc' };

/** The columns of an expense row with its item's and GL code's names (joins on budget_items and lookups). */
export const expenseSelection = {
  tenantId: expenses.tenantId,
  id: expenses.id,
  marketingPlanId: expenses.marketingPlanId,
  budgetItemId: expenses.budgetItemId,
  generalLedgerCodeId: expenses.generalLedgerCodeId,
  name: expenses.name,
  payee: expenses.payee,
  description: expenses.description,
  purchaseOrder: expenses.purchaseOrder,
  purchaseDate: expenses.purchaseDate,
  amountCents: expenses.amountCents,
  currency: expenses.currency,
  amountMinor: expenses.amountMinor,
  status: expenses.status,
  categoryType: expenses.categoryType,
  active: expenses.active,
  approval: expenses.approval,
  approvedAmountCents: expenses.approvedAmountCents,
  approvalNote: expenses.approvalNote,
  customFields: expenses.customFields,
  createdBy: expenses.createdBy,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
  version: expenses.version,
  budgetItemName: budgetItems.name,
  generalLedgerCodeName: lookups.name,
  baseCurrency: sql<CurrencyCode>`(select t.base_currency from tenants t where t.id = ${expenses.tenantId})`,
};

/** Expenses with the names of their budget item and GL code (both tenant-scoped joins). */
const selectExpenses = (db: Db) =>
  db
    .select(expenseSelection)
    .from(expenses)
    .leftJoin(budgetItems, and(eq(budgetItems.tenantId, expenses.tenantId), eq(budgetItems.id, expenses.budgetItemId)))
    .leftJoin(lookups, and(eq(lookups.tenantId, expenses.tenantId), eq(lookups.id, expenses.generalLedgerCodeId)));

export const findExpense = async (db: Db, tenantId: string, expenseId: string): Promise<ExpenseRow | null> => {
  const [row] = await selectExpenses(db)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, expenseId)))
    .limit(1);
  return row ?? null;
};

const filterConditions = (tenantId: string, filter: ExpenseFilter): SQL => {
  const conditions: (SQL | undefined)[] = [eq(expenses.tenantId, tenantId)];
  if (filter.marketingPlanId) conditions.push(eq(expenses.marketingPlanId, filter.marketingPlanId));
  if (filter.budgetItemId) conditions.push(eq(expenses.budgetItemId, filter.budgetItemId));
  if (filter.status) conditions.push(eq(expenses.status, filter.status));
  if (filter.categoryType) conditions.push(eq(expenses.categoryType, filter.categoryType));
  if (filter.payee) conditions.push(eq(expenses.payee, filter.payee));
  if (filter.dateFrom) conditions.push(gte(expenses.purchaseDate, filter.dateFrom));
  if (filter.dateTo) conditions.push(lte(expenses.purchaseDate, filter.dateTo));
  if (filter.fields?.length) conditions.push(customFieldFilterSql(sql`${expenses.customFields}`, filter.fields));
  if (filter.query) {
    const pattern = likePattern(filter.query);
    conditions.push(
      or(
        ilike(expenses.name, pattern),
        ilike(expenses.payee, pattern),
        ilike(expenses.purchaseOrder, pattern),
        ilike(expenses.description, pattern),
      ),
    );
  }
  return and(...conditions) as SQL;
};

const SORT_COLUMNS = {
  PurchaseDate: expenses.purchaseDate,
  Amount: expenses.amountCents,
  Name: expenses.name,
  Payee: expenses.payee,
} as const;

/**
 * One page, newest first by default; the id breaks ties so pages never overlap. The page's ids are
 * chosen from the expenses alone (for the default order, along expenses_plan_date_idx) and only
 * those rows are joined to their item's and GL code's names: joined first, every match was joined and
 * sorted whole (page 200 of a 20,000-expense plan sorted 14,500 joined rows, spilling to disk).
 */
export const listExpensePage = async (
  db: Db,
  tenantId: string,
  filter: ExpenseFilter,
  sort: ExpenseSort,
  page: { offset: number; limit: number },
): Promise<ExpenseRow[]> => expensePageQuery(db, tenantId, filter, sort, page);

/** The statement of listExpensePage. */
export const expensePageQuery = (
  db: Db,
  tenantId: string,
  filter: ExpenseFilter,
  sort: ExpenseSort,
  page: { offset: number; limit: number },
) => {
  const order = sort.direction === 'asc' ? asc : desc;
  const chosen = db
    .select({ id: expenses.id })
    .from(expenses)
    .where(filterConditions(tenantId, filter))
    .orderBy(order(SORT_COLUMNS[sort.by]), order(expenses.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('chosen');
  return selectExpenses(db)
    .innerJoin(chosen, eq(chosen.id, expenses.id))
    .where(eq(expenses.tenantId, tenantId))
    .orderBy(order(SORT_COLUMNS[sort.by]), order(expenses.id));
};

export type ExpenseSums = { count: number; amount: number; planned: number; committed: number; actual: number; requested: number };

/**
 * Count of every match; money sums (cents) over the active ones. A pending expense (approval 1) is
 * Requested, in none of planned, committed or actual until approved (DESIGN.md §15).
 */
export const sumExpenses = async (db: Db, tenantId: string, filter: ExpenseFilter): Promise<ExpenseSums> => {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${expenses.active}), 0)::bigint`,
      planned: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${expenses.active} and ${expenses.approval} <> 1 and ${expenses.status} = 1), 0)::bigint`,
      committed: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${expenses.active} and ${expenses.approval} <> 1 and ${expenses.status} = 2), 0)::bigint`,
      actual: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${expenses.active} and ${expenses.approval} <> 1 and ${expenses.status} = 3), 0)::bigint`,
      requested: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${expenses.active} and ${expenses.approval} = 1), 0)::bigint`,
    })
    .from(expenses)
    .where(filterConditions(tenantId, filter));
  return {
    count: Number(row?.count ?? 0),
    amount: cents(row?.amount),
    planned: cents(row?.planned),
    committed: cents(row?.committed),
    actual: cents(row?.actual),
    requested: cents(row?.requested),
  };
};

/**
 * Up to `limit` expenses in the given plans whose name, payee or purchase order matches, newest first.
 * Two indexes of migration 1060 serve it, the planner choosing by how many rows match: a rare text
 * through the trigram index (expenses_text_trgm_idx), a frequent one along expenses_tenant_date_idx,
 * where the newest matches come first (a million-expense tenant: 4–9 s before, either way).
 */
export const searchExpenses = async (
  db: Db,
  tenantId: string,
  teamIds: string[],
  query: string,
  limit: number,
  marketingPlanId?: string,
): Promise<ExpenseRow[]> => {
  if (teamIds.length === 0) return [];
  return searchExpensesQuery(db, tenantId, teamIds, query, limit, marketingPlanId);
};

/** The statement of searchExpenses (teamIds not empty). */
export const searchExpensesQuery = (
  db: Db,
  tenantId: string,
  teamIds: string[],
  query: string,
  limit: number,
  marketingPlanId?: string,
) => {
  const pattern = likePattern(query);
  return selectExpenses(db)
    .innerJoin(marketingPlans, and(eq(marketingPlans.tenantId, expenses.tenantId), eq(marketingPlans.id, expenses.marketingPlanId)))
    .where(
      and(
        eq(expenses.tenantId, tenantId),
        inArray(marketingPlans.teamId, teamIds),
        marketingPlanId ? eq(expenses.marketingPlanId, marketingPlanId) : undefined,
        or(ilike(expenses.name, pattern), ilike(expenses.payee, pattern), ilike(expenses.purchaseOrder, pattern)),
      ),
    )
    .orderBy(desc(expenses.purchaseDate), desc(expenses.id))
    .limit(limit);
};

export const insertExpense = async (
  db: Db,
  tenantId: string,
  id: string,
  values: ExpenseValues,
  createdBy: string,
  now: Date,
): Promise<void> => {
  await db.insert(expenses).values({ tenantId, id, ...values, createdBy, createdAt: now, updatedAt: now });
};

/** The expense's version, locked until the transaction ends (DESIGN.md §13); null when it is gone. */
export const lockExpenseVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, expenses, expenses.version, and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)) as SQL);

export const updateExpense = async (db: Db, tenantId: string, id: string, values: ExpenseValues, now: Date): Promise<void> => {
  // A foreign expense's base figure is the trigger's (writing it alone is PSF02): only its own amount is set.
  const { amountCents, ...rest } = values;
  await db
    .update(expenses)
    .set({ ...rest, ...(values.currency === null ? { amountCents } : {}), updatedAt: now })
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
};

/** Deletes the expense and the comments on it; its activity stays (the audit trail). */
export const deleteExpenseWithComments = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(comments).where(and(eq(comments.tenantId, tenantId), eq(comments.entityType, 'Expense'), eq(comments.entityId, id)));
  await db.delete(expenses).where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
};

/** The plan's distinct payees, alphabetically (for suggestions). */
export const listPayees = async (db: Db, tenantId: string, marketingPlanId: string, limit: number): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ payee: expenses.payee })
    .from(expenses)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.marketingPlanId, marketingPlanId), sql`${expenses.payee} is not null`))
    .orderBy(asc(expenses.payee))
    .limit(limit);
  return rows.flatMap((row) => (row.payee ? [row.payee] : []));
};

export type ItemForExpense = {
  id: string;
  name: string;
  marketingPlanId: string;
  amountCents: number;
  /** The item's own currency, else its plan's; null: the base (a new expense's default, DESIGN.md §17). */
  currency: CurrencyCode | null;
  baseCurrency: CurrencyCode;
  categoryType: ExpenseCategoryType;
  categoryName: string;
};

export const findBudgetItem = async (db: Db, tenantId: string, itemId: string): Promise<ItemForExpense | null> => {
  const [row] = await db
    .select({
      id: budgetItems.id,
      name: budgetItems.name,
      marketingPlanId: budgetItems.marketingPlanId,
      amountCents: budgetItems.amountCents,
      currency: sql<CurrencyCode | null>`coalesce(${budgetItems.currency}, ${marketingPlans.currency})`,
      baseCurrency: sql<CurrencyCode>`(select t.base_currency from tenants t where t.id = ${budgetItems.tenantId})`,
      categoryType: budgetCategories.categoryType,
      categoryName: budgetCategories.name,
    })
    .from(budgetItems)
    .innerJoin(
      budgetCategories,
      and(eq(budgetCategories.tenantId, budgetItems.tenantId), eq(budgetCategories.id, budgetItems.budgetCategoryId)),
    )
    .innerJoin(marketingPlans, and(eq(marketingPlans.tenantId, budgetItems.tenantId), eq(marketingPlans.id, budgetItems.marketingPlanId)))
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, itemId)))
    .limit(1);
  return row ? { ...row, amountCents: Number(row.amountCents) } : null;
};

/** The item's planned, committed, actual and requested money (active expenses), in cents. */
export const sumItemSpend = async (
  db: Db,
  tenantId: string,
  itemId: string,
): Promise<{ planned: number; committed: number; actual: number; requested: number }> => {
  const sums = await sumExpenses(db, tenantId, { budgetItemId: itemId });
  return { planned: sums.planned, committed: sums.committed, actual: sums.actual, requested: sums.requested };
};

export const findGeneralLedgerCode = async (db: Db, tenantId: string, id: string): Promise<{ id: string; name: string } | null> => {
  const [row] = await db
    .select({ id: lookups.id, name: lookups.name })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id), eq(lookups.lookupType, 1)))
    .limit(1);
  return row ?? null;
};
