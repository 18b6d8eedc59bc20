import { useEffect } from 'react';
import { rememberShownPlan } from '../../../shared/api/session-keys.ts';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { usePlans } from '../api/plan-queries.ts';
import { contextPlanOf } from '../context-plan.ts';

/**
 * The context plan of SPEC.md §4 (features/plans/context-plan.ts) from the plans of the context
 * team, or of every team the user may see while none is chosen.
 */
export const useContextPlan = () => {
  const { teamId, planId, setPlanId } = useContextSelection();
  const plans = usePlans(teamId);
  const context = contextPlanOf(plans.data ?? [], teamId, planId);
  const shownId = context.plan?.Id;
  useEffect(() => {
    // The next visit's first requests guess this plan's rows (shared/api/early-requests.ts).
    if (shownId) rememberShownPlan(shownId);
  }, [shownId]);
  return { plans, teamPlans: context.teamPlans, plan: context.plan, teamId: context.teamId, setPlanId };
};
