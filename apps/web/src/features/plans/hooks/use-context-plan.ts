import { isLiveState, type MarketingPlan } from '@plansmith/contract';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { usePlans } from '../api/plan-queries.ts';

/** The earliest-starting plan of those that match (ties: by name), so the choice never depends on list order. */
const firstStarting = (plans: readonly MarketingPlan[], match: (plan: MarketingPlan) => boolean): MarketingPlan | undefined =>
  plans.filter(match).sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.Name.localeCompare(b.Name))[0];

/**
 * The context plan of SPEC.md §4: the last chosen plan (kept in the browser) when it is still one
 * of the context team's plans, otherwise the team's main plan: its first live plan (State 1, then 0)
 * by start date, not the newest one (DESIGN.md §12). With no context team yet, the plans of every
 * team the user may see, and the first team among them.
 */
export const pickContextPlan = (plans: readonly MarketingPlan[], chosenId: string | null): MarketingPlan | null =>
  plans.find((plan) => plan.Id === chosenId) ??
  firstStarting(plans, (plan) => plan.State === 1) ??
  firstStarting(plans, (plan) => isLiveState(plan.State)) ??
  null;

export const useContextPlan = () => {
  const { teamId, planId, setPlanId } = useContextSelection();
  const plans = usePlans(teamId);
  const fallbackTeamId = teamId ?? plans.data?.[0]?.TeamId ?? null;
  const teamPlans = (plans.data ?? []).filter((plan) => plan.TeamId === fallbackTeamId);
  const plan = pickContextPlan(teamPlans, planId);
  return { plans, teamPlans, plan, teamId: fallbackTeamId, setPlanId };
};
