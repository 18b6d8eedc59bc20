import { and, asc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { type SsoRoleCode, ssoDomains, ssoHandoffs, ssoLogins, ssoSettings } from '../../schema/sso.ts';
import { tenants, type TenantRoleCode, users } from '../../schema/tenants.ts';

export type SettingsRow = typeof ssoSettings.$inferSelect;

export const findSettings = async (db: Db, tenantId: string): Promise<SettingsRow | null> => {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.tenantId, tenantId)).limit(1);
  return row ?? null;
};

export const listDomains = async (db: Db, tenantId: string): Promise<string[]> => {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => row.domain);
};

/** The settings' version, locked until the transaction ends; null when nothing is saved. */
export const lockSettingsVersion = (tx: Db, tenantId: string) =>
  lockVersion(tx, ssoSettings, ssoSettings.version, eq(ssoSettings.tenantId, tenantId));

/** The first of `domains` another account claims, if any. */
export const domainTakenElsewhere = async (db: Db, tenantId: string, domains: string[]): Promise<string | null> => {
  if (domains.length === 0) return null;
  const [row] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.tenantId, tenantId)))
    .orderBy(asc(ssoDomains.domain))
    .limit(1);
  return row?.domain ?? null;
};

export type SettingsWrite = {
  issuerUrl: string;
  clientId: string;
  clientSecretSealed: string;
  defaultRole: SsoRoleCode;
  requireSso: boolean;
  enabled: boolean;
  changedBy: string;
  now: Date;
};

/** Creates the settings; false when another request created them first. */
export const insertSettings = async (tx: Db, tenantId: string, row: SettingsWrite): Promise<boolean> => {
  const inserted = await tx
    .insert(ssoSettings)
    .values({ tenantId, ...row, createdAt: row.now, updatedAt: row.now })
    .onConflictDoNothing()
    .returning({ tenantId: ssoSettings.tenantId });
  return inserted.length === 1;
};

export const updateSettings = async (tx: Db, tenantId: string, row: SettingsWrite): Promise<void> => {
  const { now, ...values } = row;
  await tx
    .update(ssoSettings)
    .set({ ...values, updatedAt: now })
    .where(eq(ssoSettings.tenantId, tenantId));
};

/** Makes the account's domains exactly `domains` (a domain another account holds fails on the unique index). */
export const replaceDomains = async (tx: Db, tenantId: string, domains: string[]): Promise<void> => {
  await tx.delete(ssoDomains).where(and(eq(ssoDomains.tenantId, tenantId), notInArray(ssoDomains.domain, domains)));
  await tx
    .insert(ssoDomains)
    .values(domains.map((domain) => ({ tenantId, domain })))
    .onConflictDoNothing({ target: [ssoDomains.tenantId, ssoDomains.domain] });
};

export type DomainOwner = SettingsRow & { planCode: string };

/**
 * The account whose SSO claims `domain`, with its plan: the one lookup that finds a tenant by a domain
 * before any tenant is known (tenant-routing.pg.test's TENANT_DISCOVERY).
 */
export const findByDomain = async (db: Db, domain: string): Promise<DomainOwner | null> => {
  const [found] = await db.select({ tenantId: ssoDomains.tenantId }).from(ssoDomains).where(eq(ssoDomains.domain, domain)).limit(1);
  if (!found) return null;
  const [row] = await db
    .select({ settings: ssoSettings, planCode: tenants.planCode })
    .from(ssoSettings)
    .innerJoin(tenants, eq(tenants.id, ssoSettings.tenantId))
    .where(eq(ssoSettings.tenantId, found.tenantId))
    .limit(1);
  return row ? { ...row.settings, planCode: row.planCode } : null;
};

export const findTenantPlan = async (db: Db, tenantId: string): Promise<string | null> => {
  const [row] = await db.select({ planCode: tenants.planCode }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.planCode ?? null;
};

export const insertLogin = async (
  db: Db,
  row: { tenantId: string; id: string; stateHash: string; nonce: string; codeVerifier: string; email: string; now: Date; expiresAt: Date },
): Promise<void> => {
  // Expired sign-ins of the account go as a new one starts: the table holds only the last 10 minutes.
  await db.delete(ssoLogins).where(and(eq(ssoLogins.tenantId, row.tenantId), lt(ssoLogins.expiresAt, row.now)));
  const { now, ...values } = row;
  await db.insert(ssoLogins).values({ ...values, createdAt: now });
};

/** Takes the sign-in of this state (deleted: a state works once); null when unknown or already taken. */
export const takeLogin = async (db: Db, tenantId: string, stateHash: string) => {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.tenantId, tenantId), eq(ssoLogins.stateHash, stateHash)))
    .returning();
  return row ?? null;
};

export const insertHandoff = async (
  db: Db,
  row: { tenantId: string; id: string; userId: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> => {
  await db.delete(ssoHandoffs).where(and(eq(ssoHandoffs.tenantId, row.tenantId), lt(ssoHandoffs.expiresAt, row.now)));
  const { now, ...values } = row;
  await db.insert(ssoHandoffs).values({ ...values, createdAt: now });
};

/** Marks the handoff used and answers its person; null when unknown, used or expired. */
export const useHandoff = async (db: Db, tenantId: string, codeHash: string, now: Date): Promise<string | null> => {
  const [row] = await db
    .update(ssoHandoffs)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoHandoffs.tenantId, tenantId),
        eq(ssoHandoffs.codeHash, codeHash),
        sql`${ssoHandoffs.usedAt} IS NULL`,
        sql`${ssoHandoffs.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: ssoHandoffs.userId });
  return row?.userId ?? null;
};

export const insertPerson = async (
  db: Db,
  row: { tenantId: string; id: string; email: string; firstName: string; lastName: string; tenantRole: TenantRoleCode; now: Date },
): Promise<void> => {
  await db.insert(users).values({
    tenantId: row.tenantId,
    id: row.id,
    email: row.email,
    passwordHash: null,
    firstName: row.firstName,
    lastName: row.lastName,
    active: true,
    tenantRole: row.tenantRole,
    createdAt: row.now,
    updatedAt: row.now,
  });
};
