import { type BulkColumns, insertJsonRows } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { type ActivityAction, activities } from '../../schema/activities.ts';

export type AuditedEntity = 'MarketingPlan' | 'BudgetItem' | 'Expense' | 'BudgetCategory' | 'Objective';

export type ActivityChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields that differ between two snapshots of an entity (the audit trail's "before → after"). */
export const diffFields = (before: Record<string, unknown>, after: Record<string, unknown>): ActivityChanges => {
  const changes: ActivityChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
};

export type ActivityEntry = {
  tenantId: string;
  actorId: string | null;
  entityType: AuditedEntity;
  entityId: string;
  marketingPlanId: string | null;
  action: ActivityAction;
  /** What the entity is called, for the feed ("Paid search — Q1"). */
  name: string;
  description?: string;
  changes?: ActivityChanges | null;
  at: Date;
};

const toRow = (entry: ActivityEntry) => ({
  tenantId: entry.tenantId,
  id: newId(),
  entityType: entry.entityType,
  entityId: entry.entityId,
  marketingPlanId: entry.marketingPlanId,
  actorId: entry.actorId,
  action: entry.action,
  name: entry.name,
  description: entry.description ?? '',
  changes: entry.changes ?? null,
  createdAt: entry.at,
});

/**
 * Writes one audit-trail activity (DESIGN.md §5) in the caller's transaction, so the change and
 * its record commit together. Call it from every create, update and delete of plans, budget
 * items, expenses and categories.
 */
export const recordActivity = async (db: Db, entry: ActivityEntry): Promise<void> => {
  await db.insert(activities).values(toRow(entry));
};

const ACTIVITY_COLUMNS: BulkColumns = {
  tenant_id: 'uuid',
  id: 'uuid',
  entity_type: 'text',
  entity_id: 'uuid',
  marketing_plan_id: 'uuid',
  actor_id: 'uuid',
  action: 'text',
  name: 'text',
  description: 'text',
  changes: 'jsonb',
  created_at: 'timestamptz',
};

/** Many activities in one statement (an import, its undo, a pasted block). */
export const recordActivities = async (db: Db, entries: readonly ActivityEntry[]): Promise<void> => {
  await insertJsonRows(
    db,
    'activities',
    ACTIVITY_COLUMNS,
    entries.map((entry) => {
      const row = toRow(entry);
      return {
        tenant_id: row.tenantId,
        id: row.id,
        entity_type: row.entityType,
        entity_id: row.entityId,
        marketing_plan_id: row.marketingPlanId,
        actor_id: row.actorId,
        action: row.action,
        name: row.name,
        description: row.description,
        changes: row.changes,
        created_at: row.createdAt.toISOString(),
      };
    }),
  );
};
