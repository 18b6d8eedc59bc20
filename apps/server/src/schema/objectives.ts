import { foreignKey, boolean, date, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lookups } from './lookups.ts';
import { marketingPlans } from './plans.ts';

export const objectives = pgTable(
  'objectives',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    funnelStageId: uuid('funnel_stage_id'),
    metric: text('metric'),
    targetValue: numeric('target_value', { precision: 18, scale: 2, mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
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
    id: uuid('id').notNull(),
    objectiveId: uuid('objective_id').notNull(),
    resultDate: date('result_date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.objectiveId], foreignColumns: [objectives.tenantId, objectives.id] }).onDelete('cascade'),
  ],
);

export const expectations = pgTable(
  'expectations',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    funnelStageId: uuid('funnel_stage_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    expectedCount: numeric('expected_count', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    actualCount: numeric('actual_count', { precision: 18, scale: 2, mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.funnelStageId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.funnelStageId], foreignColumns: [lookups.tenantId, lookups.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);
