import { isLiveState, type MarketingPlan } from '@plansmith/contract';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { usePlans } from '../api/plan-queries.ts';

/**
 * The context plan of SPEC.md §4: the last chosen plan (kept in the browser) when it is still one
 * of the context team's plans, otherwise the team's live plan (State 1, then 0). With no context
 * team yet, the plans of every team the user may see, and the first team among them.
 */
export const pickContextPlan = (plans: readonly MarketingPlan[], chosenId: string | null): MarketingPlan | null =>
  plans.find((plan) => plan.Id === chosenId) ??
  plans.find((plan) => plan.State === 1) ??
  plans.find((plan) => isLiveState(plan.State)) ??
  null;

export const useContextPlan = () => {
  const { teamId, planId, setPlanId } = useContextSelection();
  const plans = usePlans(teamId);
  const fallbackTeamId = teamId ?? plans.data?.[0]?.TeamId ?? null;
  const teamPlans = (plans.data ?? []).filter((plan) => plan.TeamId === fallbackTeamId);
  const plan = pickContextPlan(teamPlans, planId);
  return { plans, teamPlans, plan, teamId: fallbackTeamId, setPlanId };
};
