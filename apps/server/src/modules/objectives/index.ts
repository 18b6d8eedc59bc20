// The objectives module's public face: what other modules (performance, seed, bench) may use.
export { registerObjectiveRoutes } from './objectives.routes.ts';
export { type ObjectiveFigureRow, type ObjectiveFilter, objectiveFiguresQuery } from './objectives.query.ts';
export { listObjectiveFigures } from './objective-figures.service.ts';
export { figureInput, toObjective } from './objectives.mappers.ts';
export { actualOf, costPerResult, fromHundredths, ratio4, roundDiv, toHundredths } from './objective-formulas.ts';
