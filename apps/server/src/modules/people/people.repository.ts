import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TenantRoleCode, tenants, users } from '../../schema/tenants.ts';
import { forgetTenantRows } from '../../db/tenant-row-cache.ts';
import { teamMembers } from '../../schema/teams.ts';
import { TEAM_ROLE_LEAD } from '@plansmith/contract';

export type UserRow = typeof users.$inferSelect;

export const listPeople = async (db: Db, tenantId: string, isActive?: boolean): Promise<UserRow[]> =>
  db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isActive === undefined ? undefined : eq(users.active, isActive)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));

export const findPerson = async (db: Db, tenantId: string, userId: string): Promise<UserRow | null> => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
};

/** E-mail addresses are unique across all tenants (sign-in is by e-mail alone). */
export const isEmailTaken = async (db: Db, email: string): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
};

/** Active people (including those invited who have not joined yet): what the plan's people quota counts. */
export const countActivePeople = async (db: Db, tenantId: string): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true)));
  return row?.value ?? 0;
};

export const countActiveOwners = async (db: Db, tenantId: string): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true), eq(users.tenantRole, 'owner')));
  return row?.value ?? 0;
};

export const insertPerson = async (
  db: Db,
  row: {
    tenantId: string;
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    active: boolean;
    tenantRole: TenantRoleCode;
    now: Date;
  },
): Promise<UserRow> => {
  const [inserted] = await db
    .insert(users)
    .values({
      tenantId: row.tenantId,
      id: row.id,
      email: row.email,
      passwordHash: null,
      firstName: row.firstName,
      lastName: row.lastName,
      active: row.active,
      tenantRole: row.tenantRole,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning();
  return inserted as UserRow;
};

export const updatePerson = async (
  db: Db,
  tenantId: string,
  userId: string,
  values: { firstName: string; lastName: string; active: boolean; tenantRole: TenantRoleCode },
  now: Date,
): Promise<UserRow | null> => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  forgetTenantRows(tenantId);
  return row ?? null;
};

export const findTenantName = async (db: Db, tenantId: string): Promise<string | null> => {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.name ?? null;
};

export const readNotificationSettings = async (db: Db, tenantId: string, userId: string): Promise<Record<string, unknown> | null> => {
  const [row] = await db
    .select({ settings: users.notificationSettings })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row?.settings ?? null;
};

/** Whether the person leads at least one team (the weekly digest is on by default for Leads). */
export const isLeadOfAnyTeam = async (db: Db, tenantId: string, userId: string): Promise<boolean> => {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId), eq(teamMembers.teamRoleId, TEAM_ROLE_LEAD)))
    .limit(1);
  return rows.length > 0;
};

export const writeNotificationSettings = async (db: Db, tenantId: string, userId: string, settings: Record<string, unknown>, now: Date) => {
  await db
    .update(users)
    .set({ notificationSettings: settings, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
};

/** Sets one key of the stored choices, keeping the others (a concurrent save of another key is not lost). */
export const mergeNotificationSetting = async (
  db: Db,
  tenantId: string,
  userId: string,
  key: string,
  value: boolean,
  now: Date,
): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({
      notificationSettings: sql`${users.notificationSettings} || jsonb_build_object(${key}::text, ${value}::boolean)`,
      updatedAt: now,
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length > 0;
};
