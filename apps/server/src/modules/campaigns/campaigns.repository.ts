import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { budgetItems } from '../../schema/budget.ts';
import { campaigns } from '../../schema/campaigns.ts';
import { objectives } from '../../schema/objectives.ts';
import { users } from '../../schema/tenants.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Pick<
  CampaignRow,
  'parentId' | 'name' | 'ownerId' | 'startDate' | 'endDate' | 'objectiveId' | 'color' | 'customFields'
>;
export type CampaignWithOwner = CampaignRow & { ownerFirstName: string | null; ownerLastName: string | null };

/** The campaign's version, locked until the transaction ends; null when there is none (DESIGN.md §13). */
export const lockCampaignVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, campaigns, campaigns.version, and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)) as SQL);

export const findCampaign = async (db: Db, tenantId: string, id: string): Promise<CampaignRow | null> => {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .limit(1);
  return row ?? null;
};

/** The plan's campaigns with their owner's name. */
export const listPlanCampaigns = (db: Db, tenantId: string, planId: string): Promise<CampaignWithOwner[]> =>
  db
    .select({
      tenantId: campaigns.tenantId,
      id: campaigns.id,
      version: campaigns.version,
      marketingPlanId: campaigns.marketingPlanId,
      parentId: campaigns.parentId,
      name: campaigns.name,
      ownerId: campaigns.ownerId,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      objectiveId: campaigns.objectiveId,
      color: campaigns.color,
      customFields: campaigns.customFields,
      changedBy: campaigns.changedBy,
      createdAt: campaigns.createdAt,
      updatedAt: campaigns.updatedAt,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(campaigns)
    .leftJoin(users, and(eq(users.tenantId, campaigns.tenantId), eq(users.id, campaigns.ownerId)))
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.marketingPlanId, planId)))
    .orderBy(asc(campaigns.startDate), asc(campaigns.name), asc(campaigns.id));

/**
 * Locks every campaign of the plan until the transaction ends: a tree change (create under a parent,
 * move, dates, delete) checks depth, cycles and dates against the whole tree, which nobody else may
 * change meanwhile (two crossing moves would otherwise make a cycle). Answers the locked rows.
 */
export const lockPlanCampaigns = (db: Db, tenantId: string, planId: string): Promise<CampaignRow[]> =>
  db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.marketingPlanId, planId)))
    .orderBy(asc(campaigns.id))
    .for('update');

export const insertCampaign = async (
  db: Db,
  tenantId: string,
  id: string,
  planId: string,
  values: CampaignValues,
  now: Date,
): Promise<CampaignRow> => {
  const [row] = await db
    .insert(campaigns)
    .values({ tenantId, id, marketingPlanId: planId, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateCampaign = async (
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<CampaignValues>,
  now: Date,
): Promise<CampaignRow | null> => {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: now })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .returning();
  return row ?? null;
};

/** Its items stay, without a campaign (the foreign key's ON DELETE SET NULL (campaign_id)). */
export const deleteCampaign = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(campaigns).where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
};

/** The plan's items: which campaign, and whether (and how much) they count as Budget. */
export const listPlanItems = (db: Db, tenantId: string, planId: string) =>
  db
    .select({ id: budgetItems.id, campaignId: budgetItems.campaignId, active: budgetItems.active, amountCents: budgetItems.amountCents })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)));

/** An active user of the tenant, or null. */
export const findActiveUser = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), eq(users.active, true)))
    .limit(1);
  return row ?? null;
};

export const findObjectivePlan = async (db: Db, tenantId: string, id: string): Promise<string | null> => {
  const [row] = await db
    .select({ marketingPlanId: objectives.marketingPlanId })
    .from(objectives)
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)))
    .limit(1);
  return row?.marketingPlanId ?? null;
};
