import type { ConflictRow } from '@plansmith/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { activities } from '../../schema/activities.ts';
import { users } from '../../schema/tenants.ts';

/** A row whose version a writer checks against the version the person read (DESIGN.md §13). */
export type VersionCheck = {
  /** The contract's name of the entity ('Expense', 'BudgetItem', …), sent as the 409's Conflict.Entity. */
  entity: string;
  id: string;
  /** How the message names it: `the expense “Trade fair”`. */
  what: string;
  /** The version the request carries (what the person read). */
  read: number;
  /** The version the row has now, locked (db/row-versions.ts). */
  current: number;
  /** The row as it is now, in the contract's shape: the 409's Result, for the merge dialog. */
  row: () => Promise<unknown> | unknown;
  /** The audit trail's entities whose latest change says who changed it and when; default the row itself. */
  changedThrough?: Array<{ entityType: string; entityId: string }>;
  /**
   * Who changed it and when, for rows the audit trail does not record (a note, a comment: only
   * their author edits them); `at` null when the row keeps no time of its last change.
   */
  changedBy?: { actorId: string | null; firstName: string | null; lastName: string | null; at: Date | null };
  /**
   * For rows that keep their own last writer (lookups and teams: migration 1020's `changed_by`) and
   * the time of their last change: who that is comes from the users table.
   */
  writtenBy?: () => Promise<{ userId: string | null; at: Date } | null>;
};

type Caller = { tenantId: string; userId: string; timeZone: string };

const whenFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Who made the latest recorded change of any of `refs`, and when (null when the trail has none). At
 * the same instant a change outranks the creation: the row was changed after it was made.
 */
const latestChange = async (db: Db, tenantId: string, refs: Array<{ entityType: string; entityId: string }>) => {
  const ids = [...new Set(refs.map((ref) => ref.entityId))];
  const types = [...new Set(refs.map((ref) => ref.entityType))];
  const [row] = await db
    .select({ actorId: activities.actorId, at: activities.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(activities)
    .leftJoin(users, and(eq(users.tenantId, activities.tenantId), eq(users.id, activities.actorId)))
    .where(and(eq(activities.tenantId, tenantId), inArray(activities.entityType, types), inArray(activities.entityId, ids)))
    .orderBy(desc(activities.createdAt), sql`${activities.action} = 'create'`)
    .limit(1);
  return row ?? null;
};

/** The person a row's own `changed_by` names (null when no one signed in wrote it), with its time. */
const rowWriter = async (db: Db, tenantId: string, written: { userId: string | null; at: Date } | null) => {
  if (!written) return null;
  if (!written.userId) return { actorId: null, firstName: null, lastName: null, at: written.at };
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, written.userId)))
    .limit(1);
  return { actorId: written.userId, firstName: user?.firstName ?? null, lastName: user?.lastName ?? null, at: written.at };
};

/**
 * The 409 for a write that carries a version other than the row's (DESIGN.md §13): "Dana Reyes
 * changed the expense “Trade fair” at Nov 27, 2:05 PM while you were editing.", with the current
 * row as Result and Conflict {Entity, Id, Version, ChangedBy, ChangedAt}.
 */
export const staleRowError = async (db: Db, caller: Caller, check: VersionCheck): Promise<HttpError> => {
  const change: { actorId: string | null; firstName: string | null; lastName: string | null; at: Date | null } | null =
    check.changedBy ??
    (check.writtenBy
      ? await rowWriter(db, caller.tenantId, await check.writtenBy())
      : await latestChange(db, caller.tenantId, check.changedThrough ?? [{ entityType: check.entity, entityId: check.id }]));
  const who =
    change?.actorId === caller.userId
      ? 'You (in another window)'
      : change?.firstName
        ? `${change.firstName} ${change.lastName ?? ''}`.trim()
        : 'Someone';
  const when = change?.at ? ` at ${whenFormat(caller.timeZone).format(change.at)}` : '';
  const conflict: ConflictRow = {
    Entity: check.entity,
    Id: check.id,
    Version: check.current,
    ChangedBy: change?.firstName ? who : null,
    ChangedAt: change?.at ? change.at.toISOString() : null,
  };
  return new HttpError(
    409,
    `${who} changed ${check.what}${when} while you were editing.`,
    undefined,
    undefined,
    conflict,
    await check.row(),
  );
};

/** Throws the stale-row 409 unless the version the request carries is the row's. */
export const assertVersion = async (db: Db, caller: Caller, check: VersionCheck): Promise<void> => {
  if (check.read !== check.current) throw await staleRowError(db, caller, check);
};
