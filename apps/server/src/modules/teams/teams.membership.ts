import type { TeamRoleId } from '@plansmith/contract';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { findTeam, insertMembership } from './teams.repository.ts';

/**
 * Puts a person just added to the account into one of its teams (an invitation that names a team,
 * DESIGN.md §12), in the caller's transaction. A team that is not the tenant's is a field error.
 */
export const addNewPersonToTeam = async (
  tx: Db,
  row: { tenantId: string; teamId: string; userId: string; teamRoleId: TeamRoleId; now: Date },
): Promise<void> => {
  if (!(await findTeam(tx, row.tenantId, row.teamId))) throw fieldError('TeamId', 'That team does not exist. Choose one of your teams.');
  await insertMembership(tx, row);
};
