/**
 * Marketing plan states (SPEC.md §4): 0 and 1 live, 2 archived, 3 template. Without zod, so code
 * that must stay small (the web app's early requests, app/early-requests.ts) can use them.
 */
export const PLAN_STATE_LIVE_LEGACY = 0 as const;
export const PLAN_STATE_LIVE = 1 as const;
export const PLAN_STATE_ARCHIVED = 2 as const;
export const PLAN_STATE_TEMPLATE = 3 as const;
export type PlanState = 0 | 1 | 2 | 3;
export const isLiveState = (state: PlanState): boolean => state === PLAN_STATE_LIVE || state === PLAN_STATE_LIVE_LEGACY;
