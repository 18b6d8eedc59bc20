import {
  type Campaign,
  type CampaignList,
  type CampaignMoveRequestSchema,
  type CampaignSaveRequestSchema,
  MAX_CAMPAIGNS_PER_PLAN,
  PLAN_STATE_ARCHIVED,
  toDollars,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type PlanAccess, type PlanRow, requireAccess, requirePlanAccess } from '../access/index.ts';
import { assertVersion } from '../activities/index.ts';
import { loadPlanForecast } from '../forecast/index.ts';
import { addRollup, emptyRollup, moveRefusal, type RollupCents, rollUp, toDepth, treeOrder } from './campaign-tree.ts';
import { storeCampaignCustomFields } from './campaign-custom-fields.ts';
import * as repo from './campaigns.repository.ts';

type SaveInput = z.output<typeof CampaignSaveRequestSchema>;
type MoveInput = z.output<typeof CampaignMoveRequestSchema>;

const PLAN = 'The marketing plan';
const CAMPAIGN = 'The campaign';

const requireEditable = ({ plan, permission }: PlanAccess) => {
  requireAccess(permission, 'budgetItem.edit');
  if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its campaigns.`);
};

const toWireRollup = (cents: RollupCents) => ({
  Budget: toDollars(cents.budget),
  Planned: toDollars(cents.planned),
  Committed: toDollars(cents.committed),
  Actual: toDollars(cents.actual),
  Forecast: toDollars(cents.forecast),
  ItemCount: cents.itemCount,
});

const ownerName = (row: repo.CampaignWithOwner): string | null =>
  row.ownerId && row.ownerFirstName !== null ? `${row.ownerFirstName} ${row.ownerLastName ?? ''}`.trim() : null;

const formatDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The plan's campaigns with their roll-ups (DESIGN.md §16). Budget is the Amount of the active items
 * (an inactive item has no Budget, as everywhere); Planned, Committed and Actual come from
 * `expense_sums` and Forecast from the forecast module's one rule, per item, so a node's figures are
 * the exact sums of its items' and its children's, in cents.
 */
export const readCampaignList = async (db: Db, tenantId: string, plan: PlanRow): Promise<CampaignList> => {
  const [rows, items, forecast] = await Promise.all([
    repo.listPlanCampaigns(db, tenantId, plan.id),
    repo.listPlanItems(db, tenantId, plan.id),
    loadPlanForecast(db, tenantId, plan),
  ]);
  const byItem = new Map(forecast.items.map((item) => [item.id, item.totals]));
  const own = new Map<string, RollupCents>();
  const noCampaign = emptyRollup();
  const whole = emptyRollup();
  const campaignIds = new Set(rows.map((row) => row.id));
  for (const item of items) {
    const totals = byItem.get(item.id);
    const line: RollupCents = {
      budget: item.active ? Number(item.amountCents) : 0,
      planned: totals?.planned ?? 0,
      committed: totals?.committed ?? 0,
      actual: totals?.actual ?? 0,
      forecast: totals?.forecast ?? 0,
      itemCount: 1,
    };
    addRollup(whole, line);
    if (item.campaignId && campaignIds.has(item.campaignId)) {
      const sum = own.get(item.campaignId) ?? emptyRollup();
      addRollup(sum, line);
      own.set(item.campaignId, sum);
    } else {
      addRollup(noCampaign, line);
    }
  }
  const totals = rollUp(rows, own);
  const campaigns: Campaign[] = treeOrder(rows).map(({ node, depth }) => ({
    Id: node.id,
    MarketingPlanId: node.marketingPlanId,
    ParentId: node.parentId,
    Depth: toDepth(depth),
    Name: node.name,
    OwnerId: node.ownerId,
    OwnerName: ownerName(node),
    StartDate: node.startDate,
    EndDate: node.endDate,
    ObjectiveId: node.objectiveId,
    Color: node.color,
    CustomFields: node.customFields ?? {},
    Own: toWireRollup(own.get(node.id) ?? emptyRollup()),
    Totals: toWireRollup(totals.get(node.id) ?? emptyRollup()),
    UpdatedAt: node.updatedAt.toISOString(),
    Version: Number(node.version),
  }));
  return { MarketingPlanId: plan.id, Campaigns: campaigns, NoCampaign: toWireRollup(noCampaign), Plan: toWireRollup(whole) };
};

export const createCampaignsService = (ctx: AppContext) => {
  const readCampaign = async (db: Db, tenantId: string, plan: PlanRow, id: string): Promise<Campaign> => {
    const found = (await readCampaignList(db, tenantId, plan)).Campaigns.find((campaign) => campaign.Id === id);
    if (!found) throw notFound(CAMPAIGN);
    return found;
  };

  /** The campaign and the caller's access to its plan; another tenant's or a hidden plan's campaign is 404. */
  const requireCampaign = async (db: Db, auth: AuthContext, id: string) => {
    const campaign = await repo.findCampaign(db, auth.tenantId, id);
    if (!campaign) throw notFound(CAMPAIGN);
    const access = await requirePlanAccess(db, auth, campaign.marketingPlanId, CAMPAIGN);
    return { campaign, access };
  };

  /** Locks the campaign and answers 409 with it as it is now when the caller read another version (DESIGN.md §13). */
  const checkVersion = async (tx: Db, auth: AuthContext, plan: PlanRow, campaign: repo.CampaignRow, read: number) => {
    const current = await repo.lockCampaignVersion(tx, auth.tenantId, campaign.id);
    if (current === null) throw notFound(CAMPAIGN);
    let reading: Promise<repo.CampaignRow | null> | undefined;
    const now = () => {
      reading ??= repo.findCampaign(tx, auth.tenantId, campaign.id);
      return reading;
    };
    await assertVersion(tx, auth, {
      entity: 'Campaign',
      id: campaign.id,
      what: `the campaign “${campaign.name}”`,
      read,
      current,
      row: () => readCampaign(tx, auth.tenantId, plan, campaign.id),
      writtenBy: async () => {
        const row = await now();
        return row ? { userId: row.changedBy, at: row.updatedAt } : null;
      },
    });
  };

  /** Dates inside the plan, inside the parent, and around every child; each refusal names its field. */
  const checkDates = (plan: PlanRow, parent: repo.CampaignRow | null, children: repo.CampaignRow[], start: string, end: string) => {
    if (start < plan.startDate || start > plan.endDate) {
      throw fieldError('StartDate', `StartDate must be within the plan (${formatDate(plan.startDate)} to ${formatDate(plan.endDate)}).`);
    }
    if (end < plan.startDate || end > plan.endDate) {
      throw fieldError('EndDate', `EndDate must be within the plan (${formatDate(plan.startDate)} to ${formatDate(plan.endDate)}).`);
    }
    if (end < start) throw fieldError('EndDate', 'EndDate cannot be before StartDate.');
    if (parent && (start < parent.startDate || end > parent.endDate)) {
      throw fieldError(
        start < parent.startDate ? 'StartDate' : 'EndDate',
        `The dates must be within “${parent.name}” (${formatDate(parent.startDate)} to ${formatDate(parent.endDate)}).`,
      );
    }
    const outside = children.find((child) => child.startDate < start || child.endDate > end);
    if (outside) {
      throw fieldError(
        outside.startDate < start ? 'StartDate' : 'EndDate',
        `“${outside.name}” (${formatDate(outside.startDate)} to ${formatDate(outside.endDate)}) would fall outside these dates. Change its dates first.`,
      );
    }
  };

  const checkReferences = async (db: Db, tenantId: string, planId: string, input: SaveInput) => {
    if (input.OwnerId && !(await repo.findActiveUser(db, tenantId, input.OwnerId))) {
      throw fieldError('OwnerId', 'Choose an active person of your account as the owner.');
    }
    if (input.ObjectiveId && (await repo.findObjectivePlan(db, tenantId, input.ObjectiveId)) !== planId) {
      throw fieldError('ObjectiveId', 'Choose an objective of the same plan.');
    }
  };

  return {
    list: async (auth: AuthContext, planId: string): Promise<CampaignList> => {
      const { plan } = await requirePlanAccess(ctx.db, auth, planId, PLAN);
      return readCampaignList(ctx.db, auth.tenantId, plan);
    },

    save: (auth: AuthContext, input: SaveInput): Promise<Campaign> =>
      ctx.db.transaction(async (tx) => {
        const { id, isNew } = idForSave(input.Id);
        const existing = isNew ? null : await repo.findCampaign(tx, auth.tenantId, id);
        if (!isNew && !existing) throw notFound(CAMPAIGN);
        // The campaign's own plan first: a campaign of a hidden plan answers 404 whatever the body says.
        const access = existing
          ? await requirePlanAccess(tx, auth, existing.marketingPlanId, CAMPAIGN)
          : await requirePlanAccess(tx, auth, input.MarketingPlanId, PLAN);
        if (existing && existing.marketingPlanId !== input.MarketingPlanId) {
          throw fieldError('MarketingPlanId', 'A campaign cannot move to another plan.');
        }
        requireEditable(access);
        const plan = access.plan;
        // The contract requires a Version on update (requireVersionOnUpdate).
        if (existing) await checkVersion(tx, auth, plan, existing, input.Version ?? 0);
        const tree = await repo.lockPlanCampaigns(tx, auth.tenantId, plan.id);
        let parent: repo.CampaignRow | null = null;
        if (existing) {
          if (input.ParentId !== undefined && input.ParentId !== existing.parentId) {
            throw fieldError('ParentId', 'Use Move to give a campaign another parent.');
          }
          parent = tree.find((row) => row.id === existing.parentId) ?? null;
        } else if (input.ParentId) {
          parent = tree.find((row) => row.id === input.ParentId) ?? null;
          if (!parent) throw fieldError('ParentId', 'Choose a parent campaign of the same plan.');
          const refusal = moveRefusal([...tree, { id, parentId: null, name: input.Name, startDate: '' }], id, parent.id);
          if (refusal) throw fieldError('ParentId', refusal);
        }
        if (!existing && tree.length >= MAX_CAMPAIGNS_PER_PLAN) {
          throw badRequest(`A plan can have at most ${MAX_CAMPAIGNS_PER_PLAN} campaigns.`);
        }
        const startDate = input.StartDate ?? existing?.startDate ?? parent?.startDate ?? plan.startDate;
        const endDate = input.EndDate ?? existing?.endDate ?? parent?.endDate ?? plan.endDate;
        const children = existing ? tree.filter((row) => row.parentId === existing.id) : [];
        checkDates(plan, parent, children, startDate, endDate);
        await checkReferences(tx, auth.tenantId, plan.id, input);
        const customFields = await storeCampaignCustomFields(tx, auth.tenantId, input.CustomFields, existing?.customFields ?? null);
        const values: repo.CampaignValues = {
          parentId: existing ? existing.parentId : (parent?.id ?? null),
          name: input.Name,
          ownerId: input.OwnerId === undefined ? (existing?.ownerId ?? null) : input.OwnerId,
          startDate,
          endDate,
          objectiveId: input.ObjectiveId === undefined ? (existing?.objectiveId ?? null) : input.ObjectiveId,
          color: input.Color === undefined ? (existing?.color ?? null) : input.Color,
          customFields,
        };
        const now = ctx.clock.now();
        if (existing) await repo.updateCampaign(tx, auth.tenantId, id, values, now);
        else await repo.insertCampaign(tx, auth.tenantId, id, plan.id, values, now);
        return readCampaign(tx, auth.tenantId, plan, id);
      }),

    delete: (auth: AuthContext, id: string, version: number): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const { campaign, access } = await requireCampaign(tx, auth, id);
        requireEditable(access);
        await checkVersion(tx, auth, access.plan, campaign, version);
        const tree = await repo.lockPlanCampaigns(tx, auth.tenantId, access.plan.id);
        const children = tree.filter((row) => row.parentId === id);
        if (children.length > 0) {
          throw conflict(
            `“${campaign.name}” has ${children.length} sub-campaign${children.length === 1 ? '' : 's'} (${children
              .map((child) => `“${child.name}”`)
              .join(', ')}). Move or delete ${children.length === 1 ? 'it' : 'them'} first.`,
          );
        }
        await repo.deleteCampaign(tx, auth.tenantId, id);
        return true;
      }),

    move: (auth: AuthContext, input: MoveInput): Promise<Campaign> =>
      ctx.db.transaction(async (tx) => {
        const { campaign, access } = await requireCampaign(tx, auth, input.Id);
        requireEditable(access);
        await checkVersion(tx, auth, access.plan, campaign, input.Version);
        const tree = await repo.lockPlanCampaigns(tx, auth.tenantId, access.plan.id);
        const parent = input.ParentId === null ? null : (tree.find((row) => row.id === input.ParentId) ?? null);
        if (input.ParentId !== null && !parent) throw fieldError('ParentId', 'Choose a parent campaign of the same plan.');
        const refusal = moveRefusal(tree, campaign.id, input.ParentId);
        if (refusal) throw fieldError('ParentId', refusal);
        if (parent && (campaign.startDate < parent.startDate || campaign.endDate > parent.endDate)) {
          throw fieldError(
            'ParentId',
            `“${campaign.name}” (${formatDate(campaign.startDate)} to ${formatDate(campaign.endDate)}) must be within “${parent.name}” (${formatDate(parent.startDate)} to ${formatDate(parent.endDate)}). Change its dates first.`,
          );
        }
        if (input.ParentId !== campaign.parentId) {
          await repo.updateCampaign(tx, auth.tenantId, campaign.id, { parentId: input.ParentId }, ctx.clock.now());
        }
        return readCampaign(tx, auth.tenantId, access.plan, campaign.id);
      }),
  };
};
