import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { type SecurityEventKind, securityEvents } from '../../schema/audit.ts';

export type { SecurityEventKind } from '../../schema/audit.ts';

export type SecurityEvent = {
  tenantId: string;
  kind: SecurityEventKind;
  /** Who acted; null when nobody signed in did (a failed sign-in). */
  userId: string | null;
  /** Whom the event concerns (the person whose role changed, who was deactivated, whose password was reset). */
  subjectUserId?: string | null;
  /** The address tried, for a failed sign-in. */
  email?: string | null;
  /** The caller's address (request.ip). */
  ip?: string | null;
  /** What it is about, e.g. 'ApiToken' and the token's id. */
  entityType?: string | null;
  entityId?: string | null;
  /** One line a security reviewer reads ("Created API token 'CI' (read)"); no secrets. */
  summary: string;
  /** When it happened; the database's now() otherwise. Pass ctx.clock.now() where the code has a clock. */
  at?: Date;
};

/**
 * Writes one security event for the audit log (DESIGN.md §18) in the caller's transaction, so the
 * change and its record commit together (a failed sign-in has no transaction: pass ctx.db).
 * Call it once per event, where the event happens.
 */
export const recordSecurityEvent = async (tx: Db, event: SecurityEvent): Promise<void> => {
  await tx.insert(securityEvents).values({
    tenantId: event.tenantId,
    id: newId(),
    ...(event.at ? { at: event.at } : {}),
    kind: event.kind,
    userId: event.userId,
    subjectUserId: event.subjectUserId ?? null,
    email: event.email ?? null,
    ip: event.ip ?? null,
    entityType: event.entityType ?? null,
    entityId: event.entityId ?? null,
    summary: event.summary.slice(0, 1000),
  });
};
