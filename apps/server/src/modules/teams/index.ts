// The teams module as other modules and the app see it; everything else in this folder is private.
export { registerTeamRoutes } from './teams.routes.ts';
export { addNewPersonToTeam } from './teams.membership.ts';
