import type { Db } from '../../db/client.ts';
import * as repo from './plans.repository.ts';

/** The plans (of the teams, or one plan) with their budget and spending sums in cents: what the digest reports. */
export const listPlansWithSums = (
  db: Db,
  tenantId: string,
  filter: { teamIds?: string[]; planId?: string },
): Promise<repo.PlanWithSums[]> => repo.listPlansWithSums(db, tenantId, filter);
