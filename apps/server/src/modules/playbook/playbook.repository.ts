import { PLAN_STATE_TEMPLATE } from '@plansmith/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { objectives } from '../../schema/objectives.ts';
import { marketingPlans, type PlanState } from '../../schema/plans.ts';
import { shiftDateSql } from './plan-dates.ts';

export type PlanRow = typeof marketingPlans.$inferSelect;
export type PlaySums = { itemCount: number; objectiveCount: number; totalCents: number };
export type PlayWithSums = { plan: PlanRow; sums: PlaySums };
export type CategorySum = {
  planId: string;
  categoryId: string;
  name: string;
  categoryType: 1 | 2 | 3;
  totalCents: number;
  itemCount: number;
};

const PLAN = sql.raw('"marketing_plans"');

/** The templates (State 3) of the given teams, or one of them, with item count, objective count and total in one statement. */
export const listPlays = async (db: Db, tenantId: string, filter: { teamIds?: string[]; planId?: string }): Promise<PlayWithSums[]> => {
  if (filter.teamIds && filter.teamIds.length === 0) return [];
  const rows = await db
    .select({
      plan: marketingPlans,
      itemCount:
        sql<number>`(SELECT count(*) FROM budget_items bi WHERE bi.tenant_id = ${PLAN}."tenant_id" AND bi.marketing_plan_id = ${PLAN}."id")`.mapWith(
          Number,
        ),
      totalCents:
        sql<number>`coalesce((SELECT sum(bi.amount_cents) FROM budget_items bi WHERE bi.tenant_id = ${PLAN}."tenant_id" AND bi.marketing_plan_id = ${PLAN}."id"), 0)`.mapWith(
          Number,
        ),
      objectiveCount:
        sql<number>`(SELECT count(*) FROM objectives o WHERE o.tenant_id = ${PLAN}."tenant_id" AND o.marketing_plan_id = ${PLAN}."id")`.mapWith(
          Number,
        ),
    })
    .from(marketingPlans)
    .where(
      and(
        eq(marketingPlans.tenantId, tenantId),
        eq(marketingPlans.state, PLAN_STATE_TEMPLATE),
        filter.teamIds ? inArray(marketingPlans.teamId, filter.teamIds) : undefined,
        filter.planId ? eq(marketingPlans.id, filter.planId) : undefined,
      ),
    )
    // The starter library first, in its own order; then the tenant's plays by name.
    .orderBy(sql`${marketingPlans.starterPlay} IS NULL`, marketingPlans.name, marketingPlans.id);
  return rows.map(({ plan, ...sums }) => ({ plan, sums }));
};

/** Per plan and budget category: the items' total and count, by category SortOrder. */
export const listCategorySums = async (db: Db, tenantId: string, planIds: string[]): Promise<CategorySum[]> => {
  if (planIds.length === 0) return [];
  const rows = await db
    .select({
      planId: budgetItems.marketingPlanId,
      categoryId: budgetCategories.id,
      name: budgetCategories.name,
      categoryType: budgetCategories.categoryType,
      totalCents: sql<number>`sum(${budgetItems.amountCents})`.mapWith(Number),
      itemCount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(budgetItems)
    .innerJoin(
      budgetCategories,
      and(eq(budgetCategories.tenantId, budgetItems.tenantId), eq(budgetCategories.id, budgetItems.budgetCategoryId)),
    )
    .where(and(eq(budgetItems.tenantId, tenantId), inArray(budgetItems.marketingPlanId, planIds)))
    .groupBy(
      budgetItems.marketingPlanId,
      budgetCategories.id,
      budgetCategories.name,
      budgetCategories.categoryType,
      budgetCategories.sortOrder,
    )
    .orderBy(asc(budgetCategories.sortOrder), asc(budgetCategories.name));
  return rows;
};

export const listPreviewItems = (db: Db, tenantId: string, planId: string) =>
  db
    .select({
      id: budgetItems.id,
      name: budgetItems.name,
      itemType: budgetItems.itemType,
      amountCents: budgetItems.amountCents,
      categoryId: budgetItems.budgetCategoryId,
    })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)))
    .orderBy(asc(budgetItems.name), asc(budgetItems.id));

export const listPreviewMonths = (db: Db, tenantId: string, planId: string) =>
  db
    .select({ itemId: budgetItemMonths.budgetItemId, month: budgetItemMonths.month, amountCents: budgetItemMonths.amountCents })
    .from(budgetItemMonths)
    .innerJoin(budgetItems, and(eq(budgetItems.tenantId, budgetItemMonths.tenantId), eq(budgetItems.id, budgetItemMonths.budgetItemId)))
    .where(and(eq(budgetItemMonths.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)));

export const listPreviewObjectives = (db: Db, tenantId: string, planId: string) =>
  db
    .select({
      id: objectives.id,
      name: objectives.name,
      metric: objectives.metric,
      metricType: objectives.metricType,
      targetValue: objectives.targetValue,
    })
    .from(objectives)
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.marketingPlanId, planId)))
    .orderBy(asc(objectives.name), asc(objectives.id));

/** The names of the team's active plans of every state (plays too): what a new plan's name must not repeat. */
export const listTeamPlanNames = async (db: Db, tenantId: string, teamId: string): Promise<string[]> =>
  (
    await db
      .select({ name: marketingPlans.name })
      .from(marketingPlans)
      .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.teamId, teamId), eq(marketingPlans.active, true)))
  ).map((row) => row.name);

export const insertPlan = async (
  db: Db,
  values: Pick<PlanRow, 'tenantId' | 'id' | 'teamId' | 'name' | 'description' | 'startDate' | 'endDate' | 'createdBy'> & {
    state: PlanState;
    starterPlay?: string | null;
    /** The source's Currency (NULL: the base) and the month its foreign budgets convert at (YYYY-MM-01, DESIGN.md §17). */
    currency?: PlanRow['currency'];
    budgetRateMonth?: string;
  },
  now: Date,
): Promise<PlanRow> => {
  const [row] = await db
    .insert(marketingPlans)
    .values({ ...values, active: true, shareKey: null, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const renamePlay = async (db: Db, tenantId: string, id: string, name: string, now: Date): Promise<PlanRow | null> => {
  const [row] = await db
    .update(marketingPlans)
    .set({ name, updatedAt: now })
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, id)))
    .returning();
  return row ?? null;
};

/** Items, phasing and objectives go with it (ON DELETE CASCADE). */
export const deletePlan = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(marketingPlans).where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, id)));
};

export type CopyCounts = {
  items: number;
  objectives: number;
  /** The campaign tree's nodes (DESIGN.md §16), with their items' links. */
  campaigns: number;
  months: number;
  totalCents: number;
  funnelStages: number;
  funnelModel: boolean;
};

/**
 * Copies a plan's objectives (without results), campaigns (the tree, dates moved like objectives'),
 * budget items (amounts, categories, types, GL codes, their objective and campaign links; a foreign
 * item's currency and own amounts, items and months, converted at the new plan's budget rate by the
 * triggers of migration 1070: no rate is PSF01, a 400, and the caller's transaction writes nothing)
 * and monthly phasing into another plan of the same tenant in two set-based statements (the
 * phasing after the items): new ids are drawn once per source row in materialised CTEs, and each
 * table is filled by one INSERT … SELECT. Phased months move by `offset` months; objective dates move the same way
 * and stay inside the new plan's dates. The funnel model (goal, deal size, cost per entry and its stage) and its
 * per-stage conversion and velocity come along unchanged; the forecast grid and actual counts do not
 * (they are the old dates' results). Expenses, results and comments are never read.
 */
export const copyPlanContents = async (
  db: Db,
  input: { tenantId: string; fromPlanId: string; toPlanId: string; offset: number; startDate: string; endDate: string; now: Date },
): Promise<CopyCounts> => {
  const { tenantId, fromPlanId, toPlanId, offset } = input;
  const now = input.now.toISOString();
  const inside = (date: ReturnType<typeof sql>) =>
    sql`least(greatest(${shiftDateSql(date, offset)}, ${input.startDate}::date), ${input.endDate}::date)`;
  const [row] = await selectRows<{
    items: unknown;
    item_ids: unknown;
    objectives: unknown;
    campaigns: unknown;
    funnel: unknown;
    stages: unknown;
  }>(
    db,
    sql`WITH objective_ids AS MATERIALIZED (
  SELECT o.id AS old_id, gen_random_uuid() AS new_id
  FROM objectives o WHERE o.tenant_id = ${tenantId} AND o.marketing_plan_id = ${fromPlanId}
), new_objectives AS (
  INSERT INTO objectives (tenant_id, id, marketing_plan_id, name, description, funnel_stage_id, metric, metric_type, aggregation,
    higher_is_better, is_revenue, target_value, start_date, end_date, active, created_at, updated_at)
  SELECT o.tenant_id, ids.new_id, ${toPlanId}, o.name, o.description, o.funnel_stage_id, o.metric, o.metric_type, o.aggregation,
    o.higher_is_better, o.is_revenue, o.target_value, ${inside(sql`o.start_date`)}, ${inside(sql`o.end_date`)}, o.active,
    ${now}::timestamptz, ${now}::timestamptz
  FROM objectives o JOIN objective_ids ids ON ids.old_id = o.id
  WHERE o.tenant_id = ${tenantId}
  RETURNING 1
), campaign_ids AS MATERIALIZED (
  SELECT c.id AS old_id, gen_random_uuid() AS new_id
  FROM campaigns c WHERE c.tenant_id = ${tenantId} AND c.marketing_plan_id = ${fromPlanId}
), new_campaigns AS (
  -- The tree comes along (parents mapped to the new ids); dates move by the offset and stay in the plan.
  INSERT INTO campaigns (tenant_id, id, marketing_plan_id, parent_id, name, owner_id, start_date, end_date, objective_id, color,
    custom_fields, created_at, updated_at)
  SELECT c.tenant_id, ids.new_id, ${toPlanId}, parent.new_id, c.name, c.owner_id, ${inside(sql`c.start_date`)}, ${inside(sql`c.end_date`)},
    objective.new_id, c.color, c.custom_fields, ${now}::timestamptz, ${now}::timestamptz
  FROM campaigns c
  JOIN campaign_ids ids ON ids.old_id = c.id
  LEFT JOIN campaign_ids parent ON parent.old_id = c.parent_id
  LEFT JOIN objective_ids objective ON objective.old_id = c.objective_id
  WHERE c.tenant_id = ${tenantId}
  RETURNING 1
), item_ids AS MATERIALIZED (
  SELECT bi.id AS old_id, gen_random_uuid() AS new_id
  FROM budget_items bi WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${fromPlanId}
), new_items AS (
  INSERT INTO budget_items (tenant_id, id, marketing_plan_id, budget_category_id, objective_id, general_ledger_code_id, campaign_id, name,
    description, active, currency, amount_minor, amount_cents, item_type, created_at, updated_at)
  -- A foreign item keeps its currency and own amount; its base figure is the trigger's (1070) at the new plan's budget rate.
  SELECT bi.tenant_id, ids.new_id, ${toPlanId}, bi.budget_category_id, linked.new_id, bi.general_ledger_code_id, campaign.new_id, bi.name,
    bi.description, bi.active, bi.currency, bi.amount_minor, CASE WHEN bi.currency IS NULL THEN bi.amount_cents ELSE 0 END, bi.item_type,
    ${now}::timestamptz, ${now}::timestamptz
  FROM budget_items bi
  JOIN item_ids ids ON ids.old_id = bi.id
  LEFT JOIN objective_ids linked ON linked.old_id = bi.objective_id
  LEFT JOIN campaign_ids campaign ON campaign.old_id = bi.campaign_id
  WHERE bi.tenant_id = ${tenantId}
  RETURNING 1
), new_funnel AS (
  INSERT INTO funnel_models (tenant_id, marketing_plan_id, revenue_goal_cents, average_deal_size_cents, cost_per_lead_cents,
    cost_stage_id, created_at, updated_at)
  SELECT fm.tenant_id, ${toPlanId}, fm.revenue_goal_cents, fm.average_deal_size_cents, fm.cost_per_lead_cents,
    fm.cost_stage_id, ${now}::timestamptz, ${now}::timestamptz
  FROM funnel_models fm WHERE fm.tenant_id = ${tenantId} AND fm.marketing_plan_id = ${fromPlanId}
  RETURNING 1
), new_stage_settings AS (
  INSERT INTO funnel_stage_settings (tenant_id, marketing_plan_id, funnel_stage_id, conversion_rate, velocity_days, updated_at)
  SELECT fs.tenant_id, ${toPlanId}, fs.funnel_stage_id, fs.conversion_rate, fs.velocity_days, ${now}::timestamptz
  FROM funnel_stage_settings fs WHERE fs.tenant_id = ${tenantId} AND fs.marketing_plan_id = ${fromPlanId}
  RETURNING 1
)
SELECT (SELECT count(*) FROM new_items) AS items,
  (SELECT coalesce(json_agg(json_build_object('old_id', old_id, 'new_id', new_id)), '[]'::json) FROM item_ids) AS item_ids,
  (SELECT count(*) FROM new_objectives) AS objectives,
  (SELECT count(*) FROM new_campaigns) AS campaigns,
  (SELECT count(*) FROM new_funnel) AS funnel, (SELECT count(*) FROM new_stage_settings) AS stages`,
  );
  // The phasing in a statement of its own: a foreign item's month converts by its item's currency
  // (trigger of migration 1070), which a sibling CTE's insert would not show it. Own amounts
  // (amount_minor) come along; a base-currency month keeps its amount_cents exactly.
  const itemIds = typeof row?.item_ids === 'string' ? row.item_ids : JSON.stringify(row?.item_ids ?? []);
  const [phasing] = await selectRows<{ months: unknown }>(
    db,
    sql`WITH ids AS (
  SELECT * FROM json_to_recordset(${itemIds}::json) AS ids(old_id uuid, new_id uuid)
), new_months AS (
  INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents, amount_minor)
  SELECT bm.tenant_id, ids.new_id, (bm.month + ${offset}::int * interval '1 month')::date,
    CASE WHEN bm.amount_minor IS NULL THEN bm.amount_cents ELSE 0 END, bm.amount_minor
  FROM budget_item_months bm JOIN ids ON ids.old_id = bm.budget_item_id
  WHERE bm.tenant_id = ${tenantId}
  RETURNING 1
)
SELECT count(*) AS months FROM new_months`,
  );
  // After the phasing's triggers: a phased foreign item's base figure is the sum of its months'.
  const [total] = await selectRows<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_cents), 0) AS total FROM budget_items WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${toPlanId}`,
  );
  return {
    items: cents(row?.items),
    objectives: cents(row?.objectives),
    campaigns: cents(row?.campaigns),
    months: cents(phasing?.months),
    totalCents: cents(total?.total),
    funnelModel: cents(row?.funnel) > 0,
    funnelStages: cents(row?.stages),
  };
};
