import type { Db } from '../../db/client.ts';
import * as repo from './funnels.repository.ts';

/* What the expectations module may ask the funnels module through index.ts: the plan's monthly budget and writing stage counts. */

/** The plan's budget per month (cents), in the order of `months` (YYYY-MM), 0 for a month without budget. */
export const selectBudgetByMonth = (db: Db, tenantId: string, planId: string, months: readonly string[]): Promise<number[]> =>
  repo.selectBudgetByMonth(db, tenantId, planId, months);

/** Writes one column (expected or actual) of several cells; the other column of an existing row is kept. */
export const upsertCounts = (
  db: Db,
  tenantId: string,
  planId: string,
  column: 'expected' | 'actual',
  cells: readonly repo.CountCell[],
): Promise<void> => repo.upsertCounts(db, tenantId, planId, column, cells);

/** Writes the stages' velocity (their conversion rates kept), e.g. when Generate compresses it to fit the plan. */
export const saveStageVelocities = (
  db: Db,
  tenantId: string,
  planId: string,
  stages: readonly { funnelStageId: string; conversionRate: number | null; velocityDays: number }[],
  now: Date,
): Promise<void> => repo.upsertSettings(db, tenantId, planId, [...stages], now);
