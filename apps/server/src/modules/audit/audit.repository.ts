import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { auditSettings } from '../../schema/audit.ts';

/** One entry of the audit log as read: a security event or an activity. */
export type AuditRow = {
  source: 'security' | 'activity';
  id: string;
  at: Date | string;
  kind: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  entity_type: string | null;
  entity_id: string | null;
  name: string | null;
  summary: string;
  ip: string | null;
  changes: Record<string, unknown> | null;
};

export type AuditFilter = {
  tenantId: string;
  /** The tenant's time zone: From and To are its days. */
  timeZone: string;
  from?: string | undefined;
  to?: string | undefined;
  userId?: string | undefined;
  /** A security kind, an activity action (create, update, delete, note), or neither for all. */
  securityKind?: string | undefined;
  activityAction?: string | undefined;
  onlySecurity: boolean;
  onlyActivities: boolean;
};

const period = (column: SQL, filter: AuditFilter): SQL[] => {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(sql`${column} >= (${filter.from}::date)::timestamp AT TIME ZONE ${filter.timeZone}`);
  if (filter.to) conditions.push(sql`${column} < ((${filter.to}::date + 1))::timestamp AT TIME ZONE ${filter.timeZone}`);
  return conditions;
};

/** The union of the tenant's security events and activities that match, as one derived table. */
const entries = (filter: AuditFilter): SQL => {
  const parts: SQL[] = [];
  if (!filter.onlyActivities) {
    const where: SQL[] = [sql`e.tenant_id = ${filter.tenantId}`, ...period(sql`e.at`, filter)];
    if (filter.userId) where.push(sql`(e.user_id = ${filter.userId} OR e.subject_user_id = ${filter.userId})`);
    if (filter.securityKind) where.push(sql`e.kind = ${filter.securityKind}`);
    parts.push(sql`
      SELECT 'security' AS source, e.id, e.at, e.kind, e.user_id, u.first_name, u.last_name, e.email,
             e.entity_type, e.entity_id, NULL::text AS name, e.summary, e.ip, NULL::jsonb AS changes
        FROM security_events e
        LEFT JOIN users u ON u.tenant_id = e.tenant_id AND u.id = e.user_id
       WHERE ${sql.join(where, sql` AND `)}`);
  }
  if (!filter.onlySecurity) {
    const where: SQL[] = [sql`a.tenant_id = ${filter.tenantId}`, ...period(sql`a.created_at`, filter)];
    if (filter.userId) where.push(sql`a.actor_id = ${filter.userId}`);
    if (filter.activityAction) where.push(sql`a.action = ${filter.activityAction}`);
    parts.push(sql`
      SELECT 'activity' AS source, a.id, a.created_at AS at, a.action AS kind, a.actor_id AS user_id, u.first_name, u.last_name,
             NULL::text AS email, a.entity_type, a.entity_id, a.name, a.description AS summary, NULL::text AS ip, a.changes
        FROM activities a
        LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.actor_id
       WHERE ${sql.join(where, sql` AND `)}`);
  }
  return sql.join(parts, sql` UNION ALL `);
};

/** One page, newest first (ties by id, so pages never overlap). */
export const listEntries = (db: Db, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> =>
  selectRows<AuditRow>(db, sql`SELECT * FROM (${entries(filter)}) x ORDER BY x.at DESC, x.id DESC LIMIT ${limit} OFFSET ${offset}`);

export const countEntries = async (db: Db, filter: AuditFilter): Promise<number> => {
  const [row] = await selectRows<{ total: number | string }>(db, sql`SELECT count(*)::int AS total FROM (${entries(filter)}) x`);
  return Number(row?.total ?? 0);
};

export const findRetentionDays = async (db: Db, tenantId: string): Promise<number | null> => {
  const [row] = await selectRows<{ retention_days: number }>(
    db,
    sql`SELECT retention_days FROM audit_settings WHERE tenant_id = ${tenantId}`,
  );
  return row ? Number(row.retention_days) : null;
};

export const saveRetentionDays = async (db: Db, tenantId: string, retentionDays: number, now: Date): Promise<void> => {
  await db
    .insert(auditSettings)
    .values({ tenantId, retentionDays, updatedAt: now })
    .onConflictDoUpdate({ target: auditSettings.tenantId, set: { retentionDays, updatedAt: now } });
};

/**
 * Deletes what every tenant's retention has outlived (no settings row: `defaultDays`): security events,
 * and the audit trail's activities (create, update, delete). Notes stay: a person wrote them.
 */
export const pruneExpired = async (db: Db, now: Date, defaultDays: number): Promise<{ events: number; activities: number }> => {
  const instant = now.toISOString();
  const [events] = await selectRows<{ count: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM security_events e USING tenants t LEFT JOIN audit_settings s ON s.tenant_id = t.id
           WHERE e.tenant_id = t.id
             AND e.at < ${instant}::timestamptz - make_interval(days => coalesce(s.retention_days, ${defaultDays}))
          RETURNING 1)
        SELECT count(*)::int AS count FROM gone`,
  );
  const [activities] = await selectRows<{ count: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM activities a USING tenants t LEFT JOIN audit_settings s ON s.tenant_id = t.id
           WHERE a.tenant_id = t.id AND a.action <> 'note'
             AND a.created_at < ${instant}::timestamptz - make_interval(days => coalesce(s.retention_days, ${defaultDays}))
          RETURNING 1)
        SELECT count(*)::int AS count FROM gone`,
  );
  return { events: Number(events?.count ?? 0), activities: Number(activities?.count ?? 0) };
};
