import type { Team, TeamMember, TeamRoleId } from '@plansmith/contract';
import type { MemberRow, TeamRow } from './teams.repository.ts';

export const toTeam = (row: TeamRow): Team => ({ Id: row.id, Name: row.name, Active: row.active, Version: row.version });

export const toTeamMember = (row: MemberRow): TeamMember => ({
  TeamId: row.teamId,
  UserProfileId: row.userId,
  TeamRoleId: row.teamRoleId satisfies TeamRoleId,
  FirstName: row.firstName,
  LastName: row.lastName,
  Email: row.email,
  Active: row.active,
});
