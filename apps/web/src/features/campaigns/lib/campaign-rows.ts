import type { Campaign, CampaignList } from '@plansmith/contract';

/** A campaign with its children, for the tree table. */
export type CampaignNode = Campaign & { children?: CampaignNode[] };

/** The list (tree order, parents first) as nested nodes; leaves have no `children` (no expand button). */
export const toTree = (campaigns: readonly Campaign[]): CampaignNode[] => {
  const nodes = new Map<string, CampaignNode>(campaigns.map((campaign) => [campaign.Id, { ...campaign }]));
  const roots: CampaignNode[] = [];
  for (const campaign of campaigns) {
    const node = nodes.get(campaign.Id) as CampaignNode;
    const parent = campaign.ParentId ? nodes.get(campaign.ParentId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
};

/** The ids of a campaign and everything under it. */
export const subtreeIds = (campaigns: readonly Campaign[], id: string): Set<string> => {
  const ids = new Set([id]);
  // Tree order: every child comes after its parent, so one pass finds the whole subtree.
  for (const campaign of campaigns) if (campaign.ParentId && ids.has(campaign.ParentId)) ids.add(campaign.Id);
  return ids;
};

/** How many levels a campaign's subtree spans (1 for a leaf). */
export const heightOf = (campaigns: readonly Campaign[], id: string): number => {
  const own = campaigns.find((campaign) => campaign.Id === id);
  if (!own) return 1;
  const under = [...subtreeIds(campaigns, id)].map((each) => campaigns.find((campaign) => campaign.Id === each)?.Depth ?? own.Depth);
  return Math.max(...under) - own.Depth + 1;
};

/**
 * The parents a campaign may have (the server's rules, so the picker offers only what it accepts):
 * not itself or one of its own sub-campaigns, and deep enough room for its subtree (depth ≤ 3).
 */
export const parentOptions = (campaigns: readonly Campaign[], id: string | null): Campaign[] => {
  const excluded = id ? subtreeIds(campaigns, id) : new Set<string>();
  const height = id ? heightOf(campaigns, id) : 1;
  return campaigns.filter((campaign) => !excluded.has(campaign.Id) && campaign.Depth + height <= 3);
};

/** "Program › Campaign › Tactic": a campaign's name with its parents'. */
export const pathName = (campaigns: readonly Campaign[], id: string): string => {
  const byId = new Map(campaigns.map((campaign) => [campaign.Id, campaign]));
  const names: string[] = [];
  let current = byId.get(id);
  while (current && names.length < 3) {
    names.unshift(current.Name);
    current = current.ParentId ? byId.get(current.ParentId) : undefined;
  }
  return names.join(' › ');
};

export const isEmptyList = (list: CampaignList | undefined): boolean => !list || list.Campaigns.length === 0;
