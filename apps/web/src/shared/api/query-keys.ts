import type { ActivityEntityType, GetExpensesRequest, PivotRequestInput } from '@plansmith/contract';

/**
 * The query keys every feature may read or invalidate. They live here, below the features, so that
 * one feature can refresh another's data (an expense changes the plan's totals) without importing it.
 */

export const identityKeys = {
  all: ['identity'] as const,
  profile: () => [...identityKeys.all, 'profile'] as const,
  tenant: () => [...identityKeys.all, 'tenant'] as const,
  permissions: () => [...identityKeys.all, 'permissions'] as const,
};

export const teamKeys = {
  all: ['teams'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  views: () => [...teamKeys.all, 'view'] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
  people: () => [...teamKeys.all, 'people'] as const,
};

export const planKeys = {
  all: ['plans'] as const,
  lists: () => [...planKeys.all, 'list'] as const,
  list: (teamId: string | null) => [...planKeys.lists(), { teamId }] as const,
  details: () => [...planKeys.all, 'detail'] as const,
  detail: (id: string) => [...planKeys.details(), id] as const,
  totals: (id: string) => [...planKeys.all, 'totals', id] as const,
};

export const budgetKeys = {
  all: ['budget-items'] as const,
  lists: () => [...budgetKeys.all, 'list'] as const,
  list: (planId: string) => [...budgetKeys.lists(), { planId }] as const,
  details: () => [...budgetKeys.all, 'detail'] as const,
  detail: (id: string) => [...budgetKeys.details(), id] as const,
};

/** A plan's campaign tree with its roll-ups (DESIGN.md §16): the campaigns screens and the calendar share it. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (planId: string) => [...campaignKeys.all, 'list', { planId }] as const,
};

/** A plan's budget changes after its baseline lock (DESIGN.md §14): any budget write may add some. */
export const budgetChangeKeys = {
  all: ['budget-changes'] as const,
  plan: (planId: string) => [...budgetChangeKeys.all, planId] as const,
};

export const expenseKeys = {
  all: ['expenses'] as const,
  lists: () => [...expenseKeys.all, 'list'] as const,
  list: (request: GetExpensesRequest) => [...expenseKeys.lists(), request] as const,
  detail: (id: string) => [...expenseKeys.all, 'detail', id] as const,
  payees: (planId: string) => [...expenseKeys.all, 'payees', planId] as const,
  itemOptions: (planId: string) => [...expenseKeys.all, 'item-options', planId] as const,
  glCodes: () => [...expenseKeys.all, 'gl-codes'] as const,
  /** The caller's saved views of the list (ExpenseViewClient/List). */
  views: () => [...expenseKeys.all, 'views'] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  budgetCategories: (planId: string) => [...reportKeys.all, 'budget-categories', planId] as const,
  /** The report builder's answers (ReportClient/Pivot), by their request; under `all`, so a money change refreshes them too. */
  pivot: (request: PivotRequestInput) => [...reportKeys.all, 'pivot', request] as const,
};

/** Saved report-builder reports (SavedReportClient/List): apart from reportKeys, which money changes refresh. */
export const savedReportKeys = {
  all: ['saved-reports'] as const,
};

export const spendingKeys = {
  all: ['spending'] as const,
  report: (planId: string) => [...spendingKeys.all, planId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  plan: (planId: string) => [...dashboardKeys.all, planId] as const,
};

export type ActivityTarget = { EntityType: ActivityEntityType; EntityId: string };

export const activityKeys = {
  all: ['activities'] as const,
  planFeed: (planId: string) => [...activityKeys.all, 'plan', planId] as const,
  plan: (planId: string, limit: number) => [...activityKeys.planFeed(planId), limit] as const,
  entityFeed: (target: ActivityTarget) => [...activityKeys.all, 'entity', target.EntityType, target.EntityId] as const,
  entity: (target: ActivityTarget, limit: number) => [...activityKeys.entityFeed(target), limit] as const,
};

export const objectiveKeys = {
  all: ['objectives'] as const,
  lists: () => [...objectiveKeys.all, 'list'] as const,
  list: (planId: string) => [...objectiveKeys.lists(), { planId }] as const,
  details: () => [...objectiveKeys.all, 'detail'] as const,
  detail: (id: string) => [...objectiveKeys.details(), id] as const,
  items: (id: string) => [...objectiveKeys.all, 'items', id] as const,
};

export const performanceKeys = {
  all: ['performance'] as const,
  plan: (planId: string) => [...performanceKeys.all, { planId }] as const,
};

// The funnel's and the forecast grid's keys sit side by side: each feature's saves change the other's
// data (actuals feed the funnel, the funnel feeds Generate), and both feed the performance page.
export const funnelKeys = {
  all: ['funnel'] as const,
  detail: (planId: string) => [...funnelKeys.all, planId] as const,
};

export const expectationKeys = {
  all: ['expectations'] as const,
  grid: (planId: string) => [...expectationKeys.all, planId] as const,
};

export const playbookKeys = {
  all: ['playbook'] as const,
  list: () => [...playbookKeys.all, 'list'] as const,
  preview: (playId: string) => [...playbookKeys.all, 'preview', playId] as const,
};
