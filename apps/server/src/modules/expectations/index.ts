/** The expectations module's public face: the forecast grid's routes. */
export { registerExpectationRoutes } from './expectations.routes.ts';
export { generateExpectedCounts } from './generate-expectations.ts';
