import { isLiveState, PLAN_STATE_LIVE, PLAN_STATE_TEMPLATE } from '@plansmith/contract/plan-states';
import type { MarketingPlan } from '@plansmith/contract';

/** What choosing the context plan reads of a plan (the early requests have no more: app/early-requests.ts). */
type PlanChoice = Pick<MarketingPlan, 'Id' | 'Name' | 'State' | 'StartDate' | 'TeamId'>;

/** The earliest-starting plan of those that match (ties: by name), so the choice never depends on list order. */
const firstStarting = <P extends PlanChoice>(plans: readonly P[], match: (plan: P) => boolean): P | undefined =>
  plans.filter(match).sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.Name.localeCompare(b.Name))[0];

/**
 * The context plan of SPEC.md §4: the last chosen plan (kept in the browser) when it is still one
 * of the context team's plans, otherwise the team's main plan: its first live plan (State 1, then 0)
 * by start date, not the newest one (DESIGN.md §12). A template (a play) is never the context plan,
 * even when it was chosen: it is a pattern for plans, and refuses expenses (issue 28 A5).
 */
export const pickContextPlan = <P extends PlanChoice>(plans: readonly P[], chosenId: string | null): P | null =>
  plans.find((plan) => plan.Id === chosenId && plan.State !== PLAN_STATE_TEMPLATE) ??
  firstStarting(plans, (plan) => plan.State === PLAN_STATE_LIVE) ??
  firstStarting(plans, (plan) => isLiveState(plan.State)) ??
  null;

/**
 * The context team's plans and the context plan among them. With no context team yet, `plans` are
 * those of every team the user may see, and the first team among them is the context team.
 */
export const contextPlanOf = <P extends PlanChoice>(plans: readonly P[], teamId: string | null, chosenPlanId: string | null) => {
  const contextTeamId = teamId ?? plans[0]?.TeamId ?? null;
  const teamPlans = plans.filter((plan) => plan.TeamId === contextTeamId);
  return { teamId: contextTeamId, teamPlans, plan: pickContextPlan(teamPlans, chosenPlanId) };
};
