import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lookups } from './lookups.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';

/** One funnel model per plan (migrations 0600, 0970): the goal the reverse math starts from. */
export const funnelModels = pgTable(
  'funnel_models',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    revenueGoalCents: bigint('revenue_goal_cents', { mode: 'number' }).notNull(),
    averageDealSizeCents: bigint('average_deal_size_cents', { mode: 'number' }).notNull(),
    costPerLeadCents: bigint('cost_per_lead_cents', { mode: 'number' }),
    /** The stage the cost per entry refers to (migration 0970); null: Lead, else the first stage. */
    costStageId: uuid('cost_stage_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'funnel_models_cost_stage_fk',
      columns: [table.tenantId, table.costStageId],
      foreignColumns: [lookups.tenantId, lookups.id],
    }).onDelete('set null'),
    check('funnel_models_revenue_goal_cents_check', sql`${table.revenueGoalCents} >= 0`),
    check('funnel_models_average_deal_size_cents_check', sql`${table.averageDealSizeCents} > 0`),
    check('funnel_models_cost_per_lead_cents_check', sql`${table.costPerLeadCents} >= 0`),
  ],
);

/**
 * Per plan and funnel stage: conversion to the next stage and the days it takes (migration 0600).
 * Kept when a stage is deactivated or reordered, so a stage that comes back finds its rate again.
 */
export const funnelStageSettings = pgTable(
  'funnel_stage_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    funnelStageId: uuid('funnel_stage_id').notNull(),
    conversionRate: numeric('conversion_rate', { precision: 5, scale: 4, mode: 'number' }),
    velocityDays: integer('velocity_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.funnelStageId] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.tenantId, table.funnelStageId], foreignColumns: [lookups.tenantId, lookups.id] }).onDelete('cascade'),
    check('funnel_stage_settings_conversion_rate_check', sql`${table.conversionRate} BETWEEN 0 AND 1`),
    check('funnel_stage_settings_velocity_days_check', sql`${table.velocityDays} >= 0`),
  ],
);
