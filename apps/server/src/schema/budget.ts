import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { foreignKey, bigint, boolean, date, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { budgetCategories } from './categories.ts';
import { customFieldsColumn } from './custom-fields.ts';
import { lookups } from './lookups.ts';
import { objectives } from './objectives.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';

export const budgetItems = pgTable(
  'budget_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    budgetCategoryId: uuid('budget_category_id').notNull(),
    objectiveId: uuid('objective_id'),
    /** At most one campaign (DESIGN.md §16); its expenses follow it. */
    campaignId: uuid('campaign_id'),
    generalLedgerCodeId: uuid('general_ledger_code_id'),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    /** In the tenant's base currency (minor units); for a foreign item, kept by trigger from amountMinor (migration 1070). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    /** Null: the base currency. Otherwise the item's own currency (DESIGN.md §17). */
    currency: text('currency').$type<CurrencyCode>(),
    /** The item's own amount in minor units of `currency`; null when in the base currency. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    /** 1 productive, 2 operational */
    itemType: smallint('item_type').$type<1 | 2>().notNull(),
    /** Custom field values {"<field id>": value} (migration 1045, DESIGN.md §16). */
    customFields: customFieldsColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.budgetCategoryId], foreignColumns: [budgetCategories.tenantId, budgetCategories.id] }),
    foreignKey({ columns: [table.tenantId, table.generalLedgerCodeId], foreignColumns: [lookups.tenantId, lookups.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.tenantId, table.objectiveId], foreignColumns: [objectives.tenantId, objectives.id] }).onDelete('set null'),
    foreignKey({ columns: [table.tenantId, table.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }).onDelete('set null'),
  ],
);

export const budgetItemMonths = pgTable(
  'budget_item_months',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    budgetItemId: uuid('budget_item_id').notNull(),
    /** First day of the month, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    /** Base currency minor units; for a foreign item's month, kept by trigger from amountMinor (migration 1070). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The month's own amount in minor units of the item's currency; null when the item is in the base currency. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.budgetItemId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.budgetItemId], foreignColumns: [budgetItems.tenantId, budgetItems.id] }).onDelete(
      'cascade',
    ),
  ],
);
