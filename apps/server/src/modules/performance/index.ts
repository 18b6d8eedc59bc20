// The performance module's public face.
export { registerPerformanceRoutes } from './performance.routes.ts';
export { performanceCellsQuery, performanceTotalsQuery } from './performance.query.ts';
