// The playbook module's public face: its routes, and the starter library that sign-up and the demo seed give every tenant.
export { registerPlaybookRoutes } from './playbook.routes.ts';
export { createStarterPlays, monthStartOf, type StarterLibraryTarget } from './starter-library.ts';
export { STARTER_PLAYS } from './starter-plays.ts';
