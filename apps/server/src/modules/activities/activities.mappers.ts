import type { Activity, ActivityEntityType } from '@plansmith/contract';
import type { ActivityRow } from './activities.repository.ts';

export const actorName = (row: { actorFirstName: string | null; actorLastName: string | null }): string | null =>
  row.actorFirstName === null ? null : `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim();

export const toActivity = (row: ActivityRow, canDelete: boolean): Activity => ({
  Id: row.id,
  Name: row.name,
  SortOrder: row.sortOrder,
  Active: row.active,
  Description: row.description,
  EntityType: row.entityType as ActivityEntityType,
  EntityId: row.entityId,
  MarketingPlanId: row.marketingPlanId,
  Action: row.action,
  ActorId: row.actorId,
  ActorName: actorName(row),
  Changes: Object.entries(row.changes ?? {}).map(([field, change]) => ({ Field: field, From: change.from, To: change.to })),
  CreatedAt: row.createdAt.toISOString(),
  CanDelete: canDelete,
  Version: row.version,
});
