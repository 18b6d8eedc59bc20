import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { foreignKey, boolean, date, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { tenants } from './tenants.ts';
import { rowVersion } from './row-version.ts';

/** 0 and 1 live, 2 archived, 3 template */
export type PlanState = 0 | 1 | 2 | 3;

export const marketingPlans = pgTable(
  'marketing_plans',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    teamId: uuid('team_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    state: smallint('state').$type<PlanState>().notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    shareKey: text('share_key'),
    /** The starter library's key of a play made at sign-up or by the demo seed (DESIGN.md §9); templates only. */
    starterPlay: text('starter_play'),
    /** When the baseline was locked (DESIGN.md §14); null while it is not. */
    /** Null: the base currency; the default Currency of the plan's new items (DESIGN.md §17). */
    currency: text('currency').$type<CurrencyCode>(),
    /** First day of the month whose rate converts the plan's foreign budgets (the lock month; before the lock, today's). */
    budgetRateMonth: date('budget_rate_month', { mode: 'string' }).notNull().default(sql`date_trunc('month', now())::date`),
    baselineLockedAt: timestamp('baseline_locked_at', { withTimezone: true }),
    baselineLockedBy: uuid('baseline_locked_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.teamId], foreignColumns: [teams.tenantId, teams.id] }),
    uniqueIndex('marketing_plans_starter_play_key').on(table.tenantId, table.starterPlay).where(sql`starter_play IS NOT NULL`),
  ],
);
