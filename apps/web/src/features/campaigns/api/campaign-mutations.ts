import { type Campaign, type CampaignSaveRequest, campaignRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys, campaignKeys } from '../../../shared/api/query-keys.ts';

/** After any campaign change: the tree and the plan's items (their campaign, the roll-ups) are read again. */
const useRefresh = () => {
  const client = useQueryClient();
  return (planId: string) => {
    void client.invalidateQueries({ queryKey: campaignKeys.list(planId) });
    void client.invalidateQueries({ queryKey: budgetKeys.list(planId) });
  };
};

export const useSaveCampaign = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CampaignSaveRequest) => callApi(campaignRoutes.save, body),
    onSuccess: (saved) => refresh(saved.MarketingPlanId),
  });
};

export const useMoveCampaign = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { Id: string; ParentId: string | null; Version: number }) => callApi(campaignRoutes.move, body),
    onSuccess: (moved) => refresh(moved.MarketingPlanId),
  });
};

export const useDeleteCampaign = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (campaign: Campaign) => callApi(campaignRoutes.delete, { Id: campaign.Id, Version: campaign.Version }),
    onSettled: (_result, _error, campaign) => refresh(campaign.MarketingPlanId),
  });
};
