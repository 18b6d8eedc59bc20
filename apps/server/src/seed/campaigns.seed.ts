import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { budgetItems } from '../schema/budget.ts';
import { campaigns } from '../schema/campaigns.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5a-ca<n>, so reseeding finds the same rows. */
const seedId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a5a-ca${n.toString(16).padStart(10, '0')}`;

const itemId = (name: string): string => {
  const found = DEMO_PLAN.items.find((item) => item.name === name);
  if (!found) throw new Error(`demo item ${name} is missing`);
  return found.id;
};

type DemoCampaign = {
  id: string;
  parentId: string | null;
  name: string;
  ownerId: string;
  startDate: string;
  endDate: string;
  color: string | null;
  items: readonly string[];
};

const LAUNCH = seedId(1);
const SPRING = seedId(2);
const ALWAYS_ON = seedId(6);

/**
 * The demo plan's campaigns (DESIGN.md §16): two programs, their campaigns and tactics on fixed 2026
 * dates, with budget items assigned, so the tree's roll-ups, the calendar and the Campaign column and
 * pivot dimension have something to show. Items not named here stay without a campaign.
 */
export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    id: LAUNCH,
    parentId: null,
    name: 'Product Launch 2026',
    ownerId: DEMO.users.owner.id,
    startDate: '2026-03-01',
    endDate: '2026-10-31',
    color: '#1f6feb',
    items: [],
  },
  {
    id: SPRING,
    parentId: LAUNCH,
    name: 'Spring Launch',
    ownerId: DEMO.users.member.id,
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    color: null,
    items: ['Video Production'],
  },
  {
    id: seedId(3),
    parentId: SPRING,
    name: 'Launch Webinars',
    ownerId: DEMO.users.member.id,
    startDate: '2026-04-01',
    endDate: '2026-06-30',
    color: null,
    items: ['Webinar Series'],
  },
  {
    id: seedId(4),
    parentId: SPRING,
    name: 'Launch Paid Social',
    ownerId: DEMO.users.member.id,
    startDate: '2026-03-01',
    endDate: '2026-05-31',
    color: null,
    items: ['LinkedIn Sponsored Content', 'Meta Retargeting'],
  },
  {
    id: seedId(5),
    parentId: LAUNCH,
    name: 'Fall Events',
    ownerId: DEMO.users.owner.id,
    startDate: '2026-08-01',
    endDate: '2026-10-31',
    color: '#e8590c',
    items: ['SaaStr Annual Booth', 'Regional Roadshow'],
  },
  {
    id: ALWAYS_ON,
    parentId: null,
    name: 'Always-on Demand',
    ownerId: DEMO.users.member.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    color: '#2f9e44',
    items: [],
  },
  {
    id: seedId(7),
    parentId: ALWAYS_ON,
    name: 'Search & SEO',
    ownerId: DEMO.users.member.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    color: null,
    items: ['Google Search Ads', 'Blog & SEO Content'],
  },
];

/**
 * Inserts the campaigns (parents first) and assigns their items where an item has no campaign yet.
 * Runs before the month-close part; it writes budget_items rows only, never months or expenses.
 */
export const seedDemoCampaigns = async (tx: Db): Promise<void> => {
  for (const campaign of DEMO_CAMPAIGNS) {
    await tx
      .insert(campaigns)
      .values({
        tenantId,
        id: campaign.id,
        marketingPlanId: DEMO_PLAN.id,
        parentId: campaign.parentId,
        name: campaign.name,
        ownerId: campaign.ownerId,
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        color: campaign.color,
      })
      .onConflictDoNothing();
  }
  for (const campaign of DEMO_CAMPAIGNS) {
    if (campaign.items.length === 0) continue;
    await tx
      .update(budgetItems)
      .set({ campaignId: campaign.id })
      .where(and(eq(budgetItems.tenantId, tenantId), inArray(budgetItems.id, campaign.items.map(itemId)), isNull(budgetItems.campaignId)));
  }
};
