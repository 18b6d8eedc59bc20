// The early script: built on its own (build/early-script.ts) and written into index.html after the
// loading line, so the first load's requests go out while the browser still fetches the app's code
// (shared/api/early-requests.ts). The dev server has no such script: main.tsx imports this there.
import { contextPlanOf } from '../features/plans/context-plan.ts';
import { type PlanChooser, sendEarlyRequests } from '../shared/api/early-requests.ts';

/** The context plan among the plans' answer, as useContextPlan will find it; null when the answer is not a list of plans. */
const choosePlan: PlanChooser = (plans, teamId, chosenPlanId) =>
  Array.isArray(plans) ? (contextPlanOf(plans as Parameters<typeof contextPlanOf>[0], teamId, chosenPlanId).plan?.Id ?? null) : null;

sendEarlyRequests(window.location.pathname, choosePlan);
