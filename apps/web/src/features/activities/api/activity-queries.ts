import { type ActivityNoteSaveRequest, activityRoutes } from '@plansmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { type ActivityTarget, activityKeys } from '../../../shared/api/query-keys.ts';

export type { ActivityTarget };

/** A feed shows this many entries first, and this many more on each "Show more". */
export const FEED_PAGE = 20;

/** The plan's feed: its own, its items' and its expenses' activity. */
export const usePlanActivities = (planId: string, limit: number, enabled = true) =>
  useQuery({
    queryKey: activityKeys.plan(planId, limit),
    queryFn: () => callApi(activityRoutes.getActivities, { MarketingPlanId: planId, Limit: limit }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useEntityActivities = (target: ActivityTarget, limit: number, enabled = true) =>
  useQuery({
    queryKey: activityKeys.entity(target, limit),
    queryFn: () => callApi(activityRoutes.getSingleEntityActivities, { ...target, Limit: limit }),
    enabled,
    placeholderData: keepPreviousData,
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
    mutationFn: (note: { id: string; version: number }) =>
      callApi(activityRoutes.deleteActivity, { ActivityId: note.id, Version: note.version }),
    // A 409 (the note changed meanwhile) reads the feed again too, so it shows the note as it is now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
};
