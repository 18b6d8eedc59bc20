/**
 * Query keys of the funnel and the forecast grid. They live here, not in either feature, because
 * each feature's saves change the other's data (actuals feed the funnel; the funnel feeds Generate).
 */
export const funnelKeys = {
  all: ['funnel'] as const,
  detail: (planId: string) => [...funnelKeys.all, planId] as const,
};

export const expectationKeys = {
  all: ['expectations'] as const,
  grid: (planId: string) => [...expectationKeys.all, planId] as const,
};
