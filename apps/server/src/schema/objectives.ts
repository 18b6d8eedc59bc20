import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lookups } from './lookups.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';

/** 1 count, 2 currency, 3 percent (DESIGN.md §9). */
export type MetricTypeCode = 1 | 2 | 3;
/** 1 sum of results, 2 latest result. */
export type AggregationCode = 1 | 2;

export const objectives = pgTable(
  'objectives',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    funnelStageId: uuid('funnel_stage_id'),
    /** Unit label shown with values ("MQLs"). */
    metric: text('metric'),
    metricType: smallint('metric_type').$type<MetricTypeCode>().notNull().default(1),
    aggregation: smallint('aggregation').$type<AggregationCode>().notNull().default(1),
    higherIsBetter: boolean('higher_is_better').notNull().default(true),
    isRevenue: boolean('is_revenue').notNull().default(false),
    targetValue: numeric('target_value', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.funnelStageId], foreignColumns: [lookups.tenantId, lookups.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const objectiveResults = pgTable(
  'objective_results',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    objectiveId: uuid('objective_id').notNull(),
    resultDate: date('result_date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.objectiveId], foreignColumns: [objectives.tenantId, objectives.id] }).onDelete('cascade'),
  ],
);

/**
 * Expected (forecast) and actual counts per plan, funnel stage and month (migration 0002). Since 0600
 * an actual can be entered for a month that has no forecast yet: a null expected_count is "not forecast".
 */
export const expectations = pgTable(
  'expectations',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    funnelStageId: uuid('funnel_stage_id').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    expectedCount: numeric('expected_count', { precision: 18, scale: 2, mode: 'number' }),
    actualCount: numeric('actual_count', { precision: 18, scale: 2, mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.funnelStageId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.funnelStageId], foreignColumns: [lookups.tenantId, lookups.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    check('expectations_actual_count_check', sql`${table.actualCount} >= 0`),
  ],
);
