import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { users } from '../../schema/tenants.ts';
import { type TeamRoleId, teamMembers, teams } from '../../schema/teams.ts';

export type TeamRow = typeof teams.$inferSelect;

export const findTeam = async (db: Db, tenantId: string, teamId: string): Promise<TeamRow | null> => {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
};

/** Teams of the tenant among the given ids (null: all), optionally only active ones or matching a name, by name. */
export const listTeams = async (
  db: Db,
  tenantId: string,
  filter: { ids?: string[] | null; activeOnly?: boolean; name?: string | undefined },
): Promise<TeamRow[]> => {
  if (filter.ids && filter.ids.length === 0) return [];
  return db
    .select()
    .from(teams)
    .where(
      and(
        eq(teams.tenantId, tenantId),
        filter.ids ? inArray(teams.id, filter.ids) : undefined,
        filter.activeOnly ? eq(teams.active, true) : undefined,
        filter.name ? ilike(teams.name, likePattern(filter.name)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
};

export const countTeams = async (db: Db, tenantId: string): Promise<number> => {
  const [row] = await db.select({ value: count() }).from(teams).where(eq(teams.tenantId, tenantId));
  return row?.value ?? 0;
};

export const findTeamByName = async (db: Db, tenantId: string, name: string): Promise<TeamRow | null> => {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), sql`lower(${teams.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
};

export const insertTeam = async (db: Db, row: { tenantId: string; id: string; name: string; active: boolean; now: Date }) => {
  const [inserted] = await db
    .insert(teams)
    .values({ tenantId: row.tenantId, id: row.id, name: row.name, active: row.active, createdAt: row.now, updatedAt: row.now })
    .returning();
  return inserted as TeamRow;
};

export const updateTeam = async (db: Db, tenantId: string, teamId: string, values: { name: string; active: boolean }, now: Date) => {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: now })
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
    .returning();
  return row ?? null;
};

/** The team's version, locked until the transaction ends (DESIGN.md §13); null when it is gone. */
export const lockTeamVersion = (db: Db, tenantId: string, teamId: string): Promise<number | null> =>
  lockVersion(db, teams, teams.version, and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)) as SQL);

export const deleteTeam = async (db: Db, tenantId: string, teamId: string): Promise<boolean> => {
  const rows = await db
    .delete(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
    .returning({ id: teams.id });
  return rows.length === 1;
};

export const countTeamPlans = async (db: Db, tenantId: string, teamId: string): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.teamId, teamId)));
  return row?.value ?? 0;
};

const memberColumns = {
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  teamRoleId: teamMembers.teamRoleId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  active: users.active,
};
export type MemberRow = {
  teamId: string;
  userId: string;
  teamRoleId: TeamRoleId;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
};

export const listTeamMembers = async (db: Db, tenantId: string, teamId: string): Promise<MemberRow[]> =>
  db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, and(eq(users.tenantId, teamMembers.tenantId), eq(users.id, teamMembers.userId)))
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId)))
    .orderBy(asc(teamMembers.teamRoleId), asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`));

export const findMembership = async (db: Db, tenantId: string, teamId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
};

export const insertMembership = async (
  db: Db,
  row: { tenantId: string; teamId: string; userId: string; teamRoleId: TeamRoleId; now: Date },
) => {
  await db
    .insert(teamMembers)
    .values({ tenantId: row.tenantId, teamId: row.teamId, userId: row.userId, teamRoleId: row.teamRoleId, createdAt: row.now });
};

export const updateMembership = async (db: Db, tenantId: string, teamId: string, userId: string, teamRoleId: TeamRoleId) => {
  await db
    .update(teamMembers)
    .set({ teamRoleId })
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
};

export const deleteMembership = async (db: Db, tenantId: string, teamId: string, userId: string) => {
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
};

/** Every membership in the tenant, or those of one person, with the team's name. */
export const listMemberships = async (db: Db, tenantId: string, userId?: string) =>
  db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, teamRoleId: teamMembers.teamRoleId, teamName: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.tenantId, teamMembers.tenantId), eq(teams.id, teamMembers.teamId)))
    .where(and(eq(teamMembers.tenantId, tenantId), userId ? eq(teamMembers.userId, userId) : undefined))
    .orderBy(asc(sql`lower(${teams.name})`));

/** Member counts per team of the tenant. */
export const countMembersByTeam = async (db: Db, tenantId: string): Promise<Map<string, number>> => {
  const rows = await db
    .select({ teamId: teamMembers.teamId, value: count() })
    .from(teamMembers)
    .where(eq(teamMembers.tenantId, tenantId))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((row) => [row.teamId, row.value]));
};

export const findTenantUser = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
};

export const listTenantUsers = async (db: Db, tenantId: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));

/** Whether the user leads at least one team. */
export const isLeadOfAnyTeam = async (db: Db, tenantId: string, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId), eq(teamMembers.teamRoleId, 1)))
    .limit(1);
  return Boolean(row);
};
