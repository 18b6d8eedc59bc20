import { useEffect, useRef } from 'react';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';

type PlanRef = { Id: string; TeamId: string };

/**
 * For pages of one plan (/plans/{id}, /budget/{id}): when the user picks another team or plan in
 * the shell's context bar, the page follows (DESIGN.md §12) instead of showing the old plan under
 * the new header. `onSwitch` gets the newly chosen plan id, or null after a team switch.
 */
export const useOnContextSwitch = (plan: PlanRef | undefined, onSwitch: (planId: string | null) => void): void => {
  const { teamId, planId } = useContextSelection();
  const previous = useRef({ teamId, planId });
  const handler = useRef(onSwitch);
  handler.current = onSwitch;
  useEffect(() => {
    const before = previous.current;
    previous.current = { teamId, planId };
    if (!plan) return;
    if (before.teamId !== null && teamId !== before.teamId && teamId !== plan.TeamId) handler.current(null);
    else if (planId !== before.planId && planId !== null && planId !== plan.Id) handler.current(planId);
  }, [teamId, planId, plan]);
};

/** Makes the plan the context plan (and its team the context team), e.g. when one of its items is opened. */
export const useAdoptContextPlan = (plan: PlanRef | undefined): void => {
  const { teamId, planId, setTeamId, setPlanId } = useContextSelection();
  const adopted = useRef<string | null>(null);
  useEffect(() => {
    if (!plan || adopted.current === plan.Id) return;
    adopted.current = plan.Id;
    if (teamId !== plan.TeamId) setTeamId(plan.TeamId);
    if (planId !== plan.Id) setPlanId(plan.Id);
  }, [plan, teamId, planId, setTeamId, setPlanId]);
};
