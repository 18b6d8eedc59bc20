import { LOOKUP_TYPE_FUNNEL_STAGE } from '@plansmith/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion, lockVersions } from '../../db/row-versions.ts';
import { lookups } from '../../schema/lookups.ts';
import { funnelModels, funnelStageSettings } from '../../schema/funnels.ts';
import { expectations } from '../../schema/objectives.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

export type StageRow = { id: string; name: string; sortOrder: number };
export type ModelRow = typeof funnelModels.$inferSelect;
export type SettingRow = { funnelStageId: string; conversionRate: number | null; velocityDays: number };
/** A stored setting with its version (DESIGN.md §13). */
export type StoredSettingRow = SettingRow & { version: number };
export type CountRow = { funnelStageId: string; month: string; expected: number | null; actual: number | null; version: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The tenant's active funnel stages (lookup type 2) in SortOrder, then name: the stages every plan's model uses. */
export const listActiveStages = (db: Db, tenantId: string): Promise<StageRow[]> =>
  db
    .select({ id: lookups.id, name: lookups.name, sortOrder: lookups.sortOrder })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.lookupType, LOOKUP_TYPE_FUNNEL_STAGE), eq(lookups.active, true)))
    .orderBy(asc(lookups.sortOrder), asc(lookups.name), asc(lookups.id));

export const findModel = async (db: Db, tenantId: string, planId: string): Promise<ModelRow | null> => {
  const [row] = await db
    .select()
    .from(funnelModels)
    .where(and(eq(funnelModels.tenantId, tenantId), eq(funnelModels.marketingPlanId, planId)))
    .limit(1);
  return row ?? null;
};

export const listSettings = (db: Db, tenantId: string, planId: string): Promise<StoredSettingRow[]> =>
  db
    .select({
      funnelStageId: funnelStageSettings.funnelStageId,
      conversionRate: funnelStageSettings.conversionRate,
      velocityDays: funnelStageSettings.velocityDays,
      version: funnelStageSettings.version,
    })
    .from(funnelStageSettings)
    .where(and(eq(funnelStageSettings.tenantId, tenantId), eq(funnelStageSettings.marketingPlanId, planId)));

export const upsertModel = async (
  db: Db,
  tenantId: string,
  planId: string,
  // costStageId undefined keeps the stored stage (drizzle leaves undefined out of the update).
  values: Pick<ModelRow, 'revenueGoalCents' | 'averageDealSizeCents' | 'costPerLeadCents'> & { costStageId?: string | null },
  now: Date,
): Promise<void> => {
  await db
    .insert(funnelModels)
    .values({ tenantId, marketingPlanId: planId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [funnelModels.tenantId, funnelModels.marketingPlanId], set: { ...values, updatedAt: now } });
};

export const upsertSettings = async (db: Db, tenantId: string, planId: string, settings: SettingRow[], now: Date): Promise<void> => {
  if (settings.length === 0) return;
  await db
    .insert(funnelStageSettings)
    .values(settings.map((setting) => ({ tenantId, marketingPlanId: planId, ...setting, updatedAt: now })))
    .onConflictDoUpdate({
      target: [funnelStageSettings.tenantId, funnelStageSettings.marketingPlanId, funnelStageSettings.funnelStageId],
      set: {
        conversionRate: sql`excluded.conversion_rate`,
        velocityDays: sql`excluded.velocity_days`,
        updatedAt: now,
      },
    });
};

/** Expected and actual counts of the plan, month as YYYY-MM. */
export const listCounts = async (db: Db, tenantId: string, planId: string): Promise<CountRow[]> => {
  const rows = await db
    .select({
      funnelStageId: expectations.funnelStageId,
      month: expectations.month,
      expected: expectations.expectedCount,
      actual: expectations.actualCount,
      version: expectations.version,
    })
    .from(expectations)
    .where(and(eq(expectations.tenantId, tenantId), eq(expectations.marketingPlanId, planId)));
  return rows.map((row) => ({ ...row, month: row.month.slice(0, 7) }));
};

export type CountCell = { funnelStageId: string; month: string; count: number | null };

/**
 * The versions of the plan's funnel model, stage settings and cells, locked until the transaction
 * ends (DESIGN.md §13): a save compares them with the versions the person read and writes only when
 * every row it touches is still as read. Cells are keyed "stageId|YYYY-MM", settings by stage id.
 */
export const lockFunnelVersions = async (
  db: Db,
  tenantId: string,
  planId: string,
  what: { model?: boolean; settings?: boolean; cells?: boolean },
): Promise<{ model: number | null; settings: Map<string, number>; cells: Map<string, number> }> => {
  const model = what.model
    ? await lockVersion(
        db,
        funnelModels,
        funnelModels.version,
        and(eq(funnelModels.tenantId, tenantId), eq(funnelModels.marketingPlanId, planId)) as SQL,
      )
    : null;
  const settings = what.settings
    ? await lockVersions(
        db,
        funnelStageSettings,
        funnelStageSettings.version,
        { funnelStageId: funnelStageSettings.funnelStageId },
        and(eq(funnelStageSettings.tenantId, tenantId), eq(funnelStageSettings.marketingPlanId, planId)) as SQL,
      )
    : [];
  const cells = what.cells
    ? await lockVersions(
        db,
        expectations,
        expectations.version,
        { funnelStageId: expectations.funnelStageId, month: expectations.month },
        and(eq(expectations.tenantId, tenantId), eq(expectations.marketingPlanId, planId)) as SQL,
      )
    : [];
  return {
    model,
    settings: new Map(settings.map((row) => [String(row.funnelStageId), row.version])),
    cells: new Map(cells.map((row) => [`${String(row.funnelStageId)}|${String(row.month).slice(0, 7)}`, row.version])),
  };
};

/** Writes one column (expected or actual) of several cells; the other column of an existing row is kept. */
export const upsertCounts = async (
  db: Db,
  tenantId: string,
  planId: string,
  column: 'expected' | 'actual',
  cells: readonly CountCell[],
): Promise<void> => {
  if (cells.length === 0) return;
  const values = cells.map((cell) => ({
    tenantId,
    marketingPlanId: planId,
    funnelStageId: cell.funnelStageId,
    month: `${cell.month}-01`,
    expectedCount: column === 'expected' ? cell.count : null,
    actualCount: column === 'actual' ? cell.count : null,
  }));
  await db
    .insert(expectations)
    .values(values)
    .onConflictDoUpdate({
      target: [expectations.tenantId, expectations.marketingPlanId, expectations.funnelStageId, expectations.month],
      set: column === 'expected' ? { expectedCount: sql`excluded.expected_count` } : { actualCount: sql`excluded.actual_count` },
    });
};

/** Active items' budget and the plan's actual spend (Status 3), in cents. */
export const selectPlanMoney = async (db: Db, tenantId: string, planId: string): Promise<{ budgetCents: number; spendCents: number }> => {
  const [row] = rowsOf<{ budget: unknown; spend: unknown }>(
    await db.execute(sql`
      SELECT
        (SELECT coalesce(sum(amount_cents), 0)::bigint FROM budget_items
          WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND active) AS budget,
        (SELECT coalesce(sum(amount_cents), 0)::bigint FROM expenses
          WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND active AND approval <> 1 AND status = ${SQL_EXPENSE_STATUS.actual}) AS spend`),
  );
  return { budgetCents: Number(row?.budget ?? 0), spendCents: Number(row?.spend ?? 0) };
};

/**
 * The budget over the given plan months, in cents: phased months of active items, plus the items
 * without phasing spread evenly (the same reading as the spending report).
 */
export const selectBudgetByMonth = async (db: Db, tenantId: string, planId: string, months: readonly string[]): Promise<number[]> => {
  const rows = rowsOf<{ month: string | null; amount: unknown }>(
    await db.execute(sql`
      SELECT to_char(m.month, 'YYYY-MM') AS month, sum(m.amount_cents)::bigint AS amount
      FROM budget_item_months m
      JOIN budget_items bi ON bi.tenant_id = m.tenant_id AND bi.id = m.budget_item_id
      WHERE m.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active
      GROUP BY 1
      UNION ALL
      SELECT NULL, coalesce(sum(bi.amount_cents), 0)::bigint
      FROM budget_items bi
      WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active
        AND NOT EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id)`),
  );
  const phased = new Map<string, number>();
  let unphased = 0;
  for (const row of rows) {
    if (row.month === null) unphased = Number(row.amount ?? 0);
    else phased.set(row.month, Number(row.amount ?? 0));
  }
  const evenShare = months.length > 0 ? unphased / months.length : 0;
  return months.map((month) => (phased.get(month) ?? 0) + evenShare);
};
