/**
 * The funnels module's public face: its routes, the funnel comparison the performance page shows,
 * and what the expectations module builds its forecast grid from.
 */
export { registerFunnelRoutes } from './funnels.routes.ts';
export { compareFunnel } from './funnels.service.ts';
export { auditPlanChange, cellChanges } from './funnels.service.ts';
export { type FunnelPlan, loadFunnelState, requiredByStage, type FunnelState, type ModelStage } from './funnel-state.ts';
export { checkCells, requireFunnelEditable } from './funnel-rules.ts';
export { checkCellVersions } from './funnel-versions.ts';
export { toTenThousandths } from './funnel-math.ts';
export { saveStageVelocities, selectBudgetByMonth, upsertCounts } from './funnel-counts.service.ts';
