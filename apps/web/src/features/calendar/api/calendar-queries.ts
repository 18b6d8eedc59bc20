import { type Campaign, type CampaignList, campaignRoutes } from '@plansmith/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { campaignKeys } from '../../../shared/api/query-keys.ts';

/** The plan's campaign tree with roll-ups (shared with the campaigns screens through campaignKeys). */
export const useCampaigns = (planId: string | null) =>
  useQuery({
    queryKey: campaignKeys.list(planId ?? ''),
    queryFn: () => callApi(campaignRoutes.list, { MarketingPlanId: planId ?? '' }),
    enabled: Boolean(planId),
  });

/** The campaign as the cache has it now (its latest Version after the saves before this one). */
export const cachedCampaign = (client: QueryClient, planId: string, id: string): Campaign | undefined =>
  client.getQueryData<CampaignList>(campaignKeys.list(planId))?.Campaigns.find((campaign) => campaign.Id === id);

/** Puts a campaign as the server has it into the cached tree at once, then refreshes the tree. */
export const putCampaign = (client: QueryClient, campaign: Campaign): void => {
  client.setQueryData<CampaignList>(campaignKeys.list(campaign.MarketingPlanId), (list) =>
    list ? { ...list, Campaigns: list.Campaigns.map((each) => (each.Id === campaign.Id ? campaign : each)) } : list,
  );
  void client.invalidateQueries({ queryKey: campaignKeys.list(campaign.MarketingPlanId) });
};

/** A campaign's Save with new dates and everything else as `campaign` has it. */
export const saveCampaignDates = (campaign: Campaign, dates: { start: string; end: string }) =>
  callApi(campaignRoutes.save, {
    Id: campaign.Id,
    MarketingPlanId: campaign.MarketingPlanId,
    Name: campaign.Name,
    OwnerId: campaign.OwnerId,
    StartDate: dates.start,
    EndDate: dates.end,
    ObjectiveId: campaign.ObjectiveId,
    Color: campaign.Color,
    Version: campaign.Version,
  });
