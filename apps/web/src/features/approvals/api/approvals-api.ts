import { type ApprovalRequestStatus, approvalRoutes, type SaveApprovalPolicyRequest, teamRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (filter: { Status?: ApprovalRequestStatus; Mine?: boolean }) => ['approvals', 'list', filter] as const,
  count: () => ['approvals', 'count'] as const,
  policy: (teamId: string) => ['approvals', 'policy', teamId] as const,
  people: (teamId: string) => ['approvals', 'people', teamId] as const,
};

/** The navigation's badge: how many requests wait for me; asked again every minute. */
export const useApprovalCount = (enabled = true) =>
  useQuery({
    queryKey: approvalKeys.count(),
    queryFn: () => callApi(approvalRoutes.getCount, {}),
    enabled,
    refetchInterval: 60_000,
  });

export const useApprovals = (filter: { Status?: ApprovalRequestStatus; Mine?: boolean }, enabled = true) =>
  useQuery({ queryKey: approvalKeys.list(filter), queryFn: () => callApi(approvalRoutes.list, filter), enabled });

const useDecision = <B>(call: (body: B) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Every figure moves with a decision: the queue, the badge, and the plan's money.
    onSettled: () => queryClient.invalidateQueries(),
  });
};

export const useApprove = () =>
  useDecision((body: { RequestId: string; Version: number; Note?: string }) => callApi(approvalRoutes.approve, body));
export const useReject = () =>
  useDecision((body: { RequestId: string; Version: number; Note: string }) => callApi(approvalRoutes.reject, body));

export const usePolicy = (teamId: string | undefined) =>
  useQuery({
    queryKey: approvalKeys.policy(teamId ?? ''),
    queryFn: () => callApi(approvalRoutes.getPolicy, { TeamId: teamId ?? '' }),
    enabled: Boolean(teamId),
  });

/** The team's people a policy may name as approvers (read here: features do not import each other). */
export const usePolicyPeople = (teamId: string) =>
  useQuery({ queryKey: approvalKeys.people(teamId), queryFn: () => callApi(teamRoutes.getTeamMembers, { Id: teamId }) });

export const useSavePolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveApprovalPolicyRequest) => callApi(approvalRoutes.savePolicy, body),
    onSuccess: (policy) => queryClient.setQueryData(approvalKeys.policy(policy.TeamId), policy),
  });
};
