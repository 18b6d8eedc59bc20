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

/**
 * Writes one audit-trail activity (DESIGN.md §5) in the caller's transaction, so the change and
 * its record commit together. Call it from every create, update and delete of plans, budget
 * items, expenses and categories.
 */
export const recordActivity = async (
  db: Db,
  entry: {
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
  },
): Promise<void> => {
  await db.insert(activities).values({
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
};
