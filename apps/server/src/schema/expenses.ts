import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { foreignKey, bigint, boolean, date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { budgetItems } from './budget.ts';
import { customFieldsColumn } from './custom-fields.ts';
import { lookups } from './lookups.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';

/** 1 planned, 2 committed, 3 actual */
export type ExpenseStatus = 1 | 2 | 3;
/** 0 none, 1 pending, 2 approved, 3 rejected */
export type ExpenseApproval = 0 | 1 | 2 | 3;

export const expenses = pgTable(
  'expenses',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    budgetItemId: uuid('budget_item_id'),
    generalLedgerCodeId: uuid('general_ledger_code_id'),
    name: text('name').notNull(),
    payee: text('payee'),
    description: text('description'),
    purchaseOrder: text('purchase_order'),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    /** In the tenant's base currency (minor units); for a foreign expense, kept by trigger from amountMinor at its purchase month's rate (migration 1070). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Null: the base currency. Otherwise the expense's own currency (DESIGN.md §17). */
    currency: text('currency').$type<CurrencyCode>(),
    /** The expense's own amount in minor units of `currency`; null when in the base currency. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    status: smallint('status').$type<ExpenseStatus>().notNull().default(3),
    /** 1 productive, 2 operational, 3 personnel */
    categoryType: smallint('category_type').$type<1 | 2 | 3>().notNull(),
    active: boolean('active').notNull().default(true),
    /** 0 none, 1 pending (counts as Requested), 2 approved, 3 rejected (DESIGN.md §15, migration 1030) */
    approval: smallint('approval').$type<ExpenseApproval>().notNull().default(0),
    /** The Amount last approved: raising the Amount above it asks again. */
    approvedAmountCents: bigint('approved_amount_cents', { mode: 'number' }),
    /** The last decision's note (a rejection's reason). */
    approvalNote: text('approval_note'),
    /** Custom field values {"<field id>": value} (migration 1045, DESIGN.md §16). */
    customFields: customFieldsColumn(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.budgetItemId], foreignColumns: [budgetItems.tenantId, budgetItems.id] }),
    foreignKey({ columns: [table.tenantId, table.generalLedgerCodeId], foreignColumns: [lookups.tenantId, lookups.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The active expenses' money per budget item, plan, month (its first day) and status, kept by the
 * triggers of migration 1000 in the writing transaction: what the dashboard, the budget grid and
 * the reports sum, at a cost that follows items × months rather than expenses. An expense on no
 * budget item is kept under `NO_ITEM_ID` (a primary key cannot hold a NULL).
 */
export const expenseSums = pgTable(
  'expense_sums',
  {
    tenantId: uuid('tenant_id').notNull(),
    budgetItemId: uuid('budget_item_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    /** 1 planned, 2 committed, 3 actual, 4 requested (a pending expense, migration 1030) */
    status: smallint('status').$type<ExpenseStatus | 4>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    expenseCount: integer('expense_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.budgetItemId, table.marketingPlanId, table.month, table.status] })],
);

/** The budget item key of `expense_sums` for expenses on no item: the nil uuid, which no budget item has. */
export const NO_ITEM_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The active expenses' money per plan and status, kept from `expense_sums` by the triggers of
 * migration 1061: the plan list's figures, a few rows a plan whatever its items and months.
 */
export const expensePlanSums = pgTable(
  'expense_plan_sums',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    /** 1 planned, 2 committed, 3 actual, 4 requested, as in expense_sums */
    status: smallint('status').$type<ExpenseStatus | 4>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    expenseCount: integer('expense_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.status] })],
);

/**
 * The active expenses' money per plan, payee and status, kept by the triggers of migration 1002:
 * the spending report's payee lines. `noPayee` tells a missing payee (kept as '') from an empty one.
 */
export const expensePayeeSums = pgTable(
  'expense_payee_sums',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    noPayee: boolean('no_payee').notNull(),
    payee: text('payee').notNull(),
    status: smallint('status').$type<ExpenseStatus>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    expenseCount: integer('expense_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.noPayee, table.payee, table.status] })],
);
