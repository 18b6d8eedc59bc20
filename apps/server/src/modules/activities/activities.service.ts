import type { Activity, ActivityEntityType, ActivityNoteSaveRequestSchema } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  findEntityAccess,
  findPlanAccess,
  isTenantAdmin,
  requireAccess,
  requireEntityAccess,
  requirePlanAccess,
  type TeamPermission,
} from '../access/index.ts';
import { toActivity } from './activities.mappers.ts';
import * as repo from './activities.repository.ts';
import { assertVersion } from './stale-row.ts';

type NoteInput = z.output<typeof ActivityNoteSaveRequestSchema>;

/**
 * Only notes can be deleted: by their author while they may still edit the plan, or by an Owner
 * or Admin. The audit trail (create, update, delete) is permanent.
 */
export const canDeleteActivity = (
  auth: AuthContext,
  row: { action: string; actorId: string | null },
  permission: TeamPermission,
): boolean => row.action === 'note' && (isTenantAdmin(auth) || (row.actorId === auth.userId && permission.canEditBudget));

/** The latest entries of a plan's feed, for the dashboard; the caller has checked its access to the plan. */
export const listRecentPlanActivities = async (
  db: Db,
  auth: AuthContext,
  planId: string,
  permission: TeamPermission,
  limit: number,
): Promise<Activity[]> =>
  (await repo.listPlanActivities(db, auth.tenantId, planId, limit)).map((row) => toActivity(row, canDeleteActivity(auth, row, permission)));

/**
 * Locks the note and answers 409 with it as it is now when the caller read another version
 * (DESIGN.md §13). Only its author edits a note, so the author is who changed it; a note keeps no
 * time of its last edit.
 */
const checkNoteVersion = async (tx: Db, auth: AuthContext, row: repo.ActivityRow, read: number, canDelete: boolean): Promise<void> => {
  const current = await repo.lockNoteVersion(tx, auth.tenantId, row.id);
  if (current === null) throw notFound('The activity');
  await assertVersion(tx, auth, {
    entity: 'Activity',
    id: row.id,
    what: `the note on “${row.name}”`,
    read,
    current,
    row: async () => {
      const now = await repo.findActivity(tx, auth.tenantId, row.id);
      return now ? toActivity(now, canDelete) : null;
    },
    changedBy: { actorId: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName, at: null },
  });
};

export const createActivitiesService = (ctx: AppContext) => {
  /** The activity with the caller's access to its entity; 404 when either is hidden. */
  const requireActivity = async (db: Db, auth: AuthContext, activityId: string) => {
    const row = await repo.findActivity(db, auth.tenantId, activityId);
    if (!row) throw notFound('The activity');
    const access = await findEntityAccess(db, auth, row.entityType as ActivityEntityType, row.entityId);
    if (access) return { row, access };
    // An audit entry of a deleted entity stays visible in its plan's feed, but is addressed through the plan.
    const plan = row.marketingPlanId ? await findPlanAccess(db, auth, row.marketingPlanId) : null;
    if (!plan) throw notFound('The activity');
    return { row, access: { permission: plan.permission, marketingPlanId: plan.plan.id, name: row.name } };
  };

  return {
    getPlanActivities: async (
      auth: AuthContext,
      input: { MarketingPlanId: string; Limit: number; Before?: string | undefined },
    ): Promise<Activity[]> => {
      const { permission } = await requirePlanAccess(ctx.db, auth, input.MarketingPlanId);
      const before = input.Before ? new Date(input.Before) : undefined;
      const rows = await repo.listPlanActivities(ctx.db, auth.tenantId, input.MarketingPlanId, input.Limit, before);
      return rows.map((row) => toActivity(row, canDeleteActivity(auth, row, permission)));
    },

    getEntityActivities: async (
      auth: AuthContext,
      input: { EntityType: ActivityEntityType; EntityId: string; Limit: number },
    ): Promise<Activity[]> => {
      const access = await requireEntityAccess(ctx.db, auth, input.EntityType, input.EntityId);
      const rows = await repo.listEntityActivities(ctx.db, auth.tenantId, input.EntityType, input.EntityId, input.Limit);
      return rows.map((row) => toActivity(row, canDeleteActivity(auth, row, access.permission)));
    },

    saveNote: async (auth: AuthContext, input: NoteInput): Promise<Activity> =>
      ctx.db.transaction(async (tx) => {
        const { id, isNew } = idForSave(input.Id);
        const access = await requireEntityAccess(tx, auth, input.EntityType, input.EntityId);
        requireAccess(access, 'note.write');
        if (isNew) {
          await repo.insertNote(tx, {
            tenantId: auth.tenantId,
            id,
            entityType: input.EntityType,
            entityId: input.EntityId,
            marketingPlanId: access.marketingPlanId,
            actorId: auth.userId,
            name: access.name,
            description: input.Description,
            at: ctx.clock.now(),
          });
        } else {
          const existing = await repo.findActivity(tx, auth.tenantId, id);
          if (!existing || existing.entityType !== input.EntityType || existing.entityId !== input.EntityId) {
            throw notFound('The activity');
          }
          if (existing.action !== 'note') throw forbidden('The audit trail cannot be edited; only notes can.');
          if (existing.actorId !== auth.userId) throw forbidden('You can only edit your own notes.');
          // The contract requires a Version when editing (requireVersionOnUpdate).
          await checkNoteVersion(tx, auth, existing, input.Version ?? 0, canDeleteActivity(auth, existing, access.permission));
          await repo.updateNoteText(tx, auth.tenantId, id, input.Description);
        }
        const saved = await repo.findActivity(tx, auth.tenantId, id);
        if (!saved) throw notFound('The activity');
        return toActivity(saved, canDeleteActivity(auth, saved, access.permission));
      }),

    deleteActivity: async (auth: AuthContext, activityId: string, version: number): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const { row, access } = await requireActivity(tx, auth, activityId);
        if (row.action !== 'note') throw forbidden('The audit trail cannot be deleted; only notes can.');
        if (!canDeleteActivity(auth, row, access.permission)) throw forbidden('You can only delete your own notes.');
        await checkNoteVersion(tx, auth, row, version, true);
        await repo.deleteNote(tx, auth.tenantId, row.id);
        return true;
      }),
  };
};
