import { type ActivityEntityType, type ActivityNoteSaveRequest, activityRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export type ActivityTarget = { EntityType: ActivityEntityType; EntityId: string };

export const activityKeys = {
  all: ['activities'] as const,
  plan: (planId: string) => [...activityKeys.all, 'plan', planId] as const,
  entity: (target: ActivityTarget) => [...activityKeys.all, 'entity', target.EntityType, target.EntityId] as const,
};

export const PLAN_FEED_LIMIT = 50;

/** The plan's feed: its own, its items' and its expenses' activity. */
export const usePlanActivities = (planId: string, enabled = true) =>
  useQuery({
    queryKey: activityKeys.plan(planId),
    queryFn: () => callApi(activityRoutes.getActivities, { MarketingPlanId: planId, Limit: PLAN_FEED_LIMIT }),
    enabled,
  });

export const useEntityActivities = (target: ActivityTarget, enabled = true) =>
  useQuery({
    queryKey: activityKeys.entity(target),
    queryFn: () => callApi(activityRoutes.getSingleEntityActivities, target),
    enabled,
  });

export const useSaveNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: ActivityNoteSaveRequest) => callApi(activityRoutes.saveActivity, note),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
};

export const useDeleteNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => callApi(activityRoutes.deleteActivity, { ActivityId: activityId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
};
