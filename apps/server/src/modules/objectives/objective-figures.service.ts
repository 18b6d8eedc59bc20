import type { Db } from '../../db/client.ts';
import type { ObjectiveFigureRow, ObjectiveFilter } from './objectives.query.ts';
import * as repo from './objectives.repository.ts';

/** The objectives' targets, results and spending up to the cutoff day: what the performance page builds on. */
export const listObjectiveFigures = (db: Db, tenantId: string, filter: ObjectiveFilter, cutoff: string): Promise<ObjectiveFigureRow[]> =>
  repo.listObjectiveFigures(db, tenantId, filter, cutoff);
