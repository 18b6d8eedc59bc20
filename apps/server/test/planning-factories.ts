import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { newId } from '../src/lib/ids.ts';
import { budgetItemMonths, budgetItems } from '../src/schema/budget.ts';
import { budgetCategories } from '../src/schema/categories.ts';
import { type ExpenseStatus, expenses } from '../src/schema/expenses.ts';
import { lookups } from '../src/schema/lookups.ts';
import { marketingPlans } from '../src/schema/plans.ts';
import type { TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Rows of the planning domain inserted straight through Drizzle, so expense, report and comment
 * tests do not depend on the plans and budget routes. Money arguments are integer cents.
 */
export const createCategory = async (
  t: TestApp,
  tenant: TestTenant,
  values: { name?: string; categoryType?: 1 | 2 | 3; sortOrder?: number; active?: boolean } = {},
) => {
  const id = newId();
  const row = {
    tenantId: tenant.id,
    id,
    name: values.name ?? `Category ${id.slice(0, 6)}`,
    categoryType: values.categoryType ?? 1,
    sortOrder: values.sortOrder ?? 0,
    active: values.active ?? true,
  };
  await t.ctx.db.insert(budgetCategories).values(row);
  return row;
};

export const createPlan = async (
  t: TestApp,
  tenant: TestTenant,
  values: { name?: string; teamId?: string; startDate?: string; endDate?: string; state?: 0 | 1 | 2 | 3; shareKey?: string | null } = {},
) => {
  const id = newId();
  const row = {
    tenantId: tenant.id,
    id,
    teamId: values.teamId ?? tenant.teamId,
    name: values.name ?? `Plan ${id.slice(0, 6)}`,
    startDate: values.startDate ?? '2026-01-01',
    endDate: values.endDate ?? '2026-12-31',
    state: values.state ?? 1,
    shareKey: values.shareKey ?? null,
  };
  await t.ctx.db.insert(marketingPlans).values(row);
  return row;
};

export const createItem = async (
  t: TestApp,
  tenant: TestTenant,
  values: {
    planId: string;
    categoryId: string;
    amountCents: number;
    name?: string;
    itemType?: 1 | 2;
    active?: boolean;
    /** Minor units of `currency` when it is given (amountCents is then the trigger's, migration 1070). */
    months?: Record<string, number>;
    /** Another currency than the base: amountMinor is the item's own amount in its minor units. */
    currency?: CurrencyCode;
    amountMinor?: number;
  },
) => {
  const id = newId();
  const row = {
    tenantId: tenant.id,
    id,
    marketingPlanId: values.planId,
    budgetCategoryId: values.categoryId,
    name: values.name ?? `Item ${id.slice(0, 6)}`,
    amountCents: values.amountCents,
    itemType: values.itemType ?? 1,
    active: values.active ?? true,
    currency: values.currency ?? null,
    amountMinor: values.currency ? (values.amountMinor ?? values.amountCents) : null,
  };
  await t.ctx.db.insert(budgetItems).values(row);
  const months = Object.entries(values.months ?? {});
  if (months.length > 0) {
    await t.ctx.db.insert(budgetItemMonths).values(
      months.map(([month, amount]) => ({
        tenantId: tenant.id,
        budgetItemId: id,
        month: `${month}-01`,
        amountCents: values.currency ? 0 : amount,
        amountMinor: values.currency ? amount : null,
      })),
    );
  }
  return row;
};

export const createGlCode = async (t: TestApp, tenant: TestTenant, name = 'GL 6100', lookupType: 1 | 2 = 1) => {
  const row = { tenantId: tenant.id, id: newId(), name, lookupType };
  await t.ctx.db.insert(lookups).values(row);
  return row;
};

export const createExpenseRow = async (
  t: TestApp,
  tenant: TestTenant,
  values: {
    planId: string;
    itemId: string;
    amountCents: number;
    categoryType?: 1 | 2 | 3;
    status?: ExpenseStatus;
    purchaseDate?: string;
    payee?: string | null;
    name?: string;
    active?: boolean;
    /** Another currency than the base: amountMinor is the expense's own amount (amountCents is then the trigger's). */
    currency?: CurrencyCode;
    amountMinor?: number;
  },
) => {
  const id = newId();
  const row = {
    tenantId: tenant.id,
    id,
    currency: values.currency ?? null,
    amountMinor: values.currency ? (values.amountMinor ?? values.amountCents) : null,
    marketingPlanId: values.planId,
    budgetItemId: values.itemId,
    name: values.name ?? `Expense ${id.slice(0, 6)}`,
    payee: values.payee === undefined ? 'Acme Media' : values.payee,
    purchaseDate: values.purchaseDate ?? '2026-03-15',
    amountCents: values.amountCents,
    status: values.status ?? 3,
    categoryType: values.categoryType ?? 1,
    active: values.active ?? true,
  };
  await t.ctx.db.insert(expenses).values(row);
  return row;
};

/** A plan in the tenant's team with one productive category and one item of the given amount. */
export const createPlanWithItem = async (t: TestApp, tenant: TestTenant, amountCents = 1_000_000) => {
  const plan = await createPlan(t, tenant);
  const category = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
  const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents, name: 'Paid search' });
  return { plan, category, item };
};

/** A plan with a phased item ($1,200 over Jan–Mar) and an unphased one ($1,000.01 over the year). */
export const createSpendingFixture = async (t: TestApp, tenant: TestTenant) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const media = await createCategory(t, tenant, { name: 'Media', categoryType: 1 });
  const people = await createCategory(t, tenant, { name: 'People', categoryType: 3 });
  const phased = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 120_000,
    months: { '2026-01': 60_000, '2026-02': 40_000, '2026-03': 20_000 },
  });
  const flat = await createItem(t, tenant, { planId: plan.id, categoryId: people.id, amountCents: 100_001 });
  const add = (itemId: string, categoryType: 1 | 3, amountCents: number, status: 1 | 2 | 3, purchaseDate: string, payee: string | null) =>
    createExpenseRow(t, tenant, { planId: plan.id, itemId, categoryType, amountCents, status, purchaseDate, payee });
  await add(phased.id, 1, 50_000, 3, '2026-01-20', 'Google');
  await add(phased.id, 1, 25_000, 3, '2026-02-03', 'Meta');
  await add(phased.id, 1, 10_000, 2, '2026-03-01', 'Google');
  await add(flat.id, 3, 33_333, 3, '2026-02-28', null);
  await add(flat.id, 3, 4_000, 1, '2026-03-15', 'Agency');
  await add(flat.id, 3, 7_000, 2, '2026-05-15', 'Agency');
  return plan;
};

/** A monthly rate to the tenant's base currency (1 unit of `currency` = `rate` units of the base), straight into fx_rates. */
export const insertRate = (t: TestApp, tenantId: string, currency: string, month: string, rate: string | number) =>
  t.database.queryRows('INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, $2, $3, $4)', [
    tenantId,
    currency,
    `${month}-01`,
    String(rate),
  ]);

/** A budget item's stored base amount (amount_cents, kept by migration 1070's trigger for a foreign item), as text. */
export const itemBaseCents = async (t: TestApp, tenantId: string, itemId: string): Promise<string | undefined> =>
  (
    await t.database.queryRows<{ cents: string }>('SELECT amount_cents::text AS cents FROM budget_items WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      itemId,
    ])
  )[0]?.cents;
