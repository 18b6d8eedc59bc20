import { bigint, date, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One funnel model per plan (migration 0600): the goal the reverse math starts from. */
export const funnelModels = pgTable(
  'funnel_models',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    revenueGoalCents: bigint('revenue_goal_cents', { mode: 'number' }).notNull(),
    averageDealSizeCents: bigint('average_deal_size_cents', { mode: 'number' }).notNull(),
    costPerLeadCents: bigint('cost_per_lead_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.marketingPlanId] })],
);

/** Per plan and funnel stage: conversion to the next stage and the days it takes (migration 0600). */
export const funnelStageSettings = pgTable(
  'funnel_stage_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    funnelStageId: uuid('funnel_stage_id').notNull(),
    conversionRate: numeric('conversion_rate', { precision: 5, scale: 4, mode: 'number' }),
    velocityDays: integer('velocity_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.funnelStageId] })],
);

/**
 * The expectations table of migration 0002 (expected_count nullable since 0600). It is also
 * declared in modules/objectives/objectives.table.ts; the two merge when tables move to schema/.
 */
export const expectationCounts = pgTable(
  'expectations',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    funnelStageId: uuid('funnel_stage_id').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    expectedCount: numeric('expected_count', { precision: 18, scale: 2, mode: 'number' }),
    actualCount: numeric('actual_count', { precision: 18, scale: 2, mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.funnelStageId, table.month] })],
);
