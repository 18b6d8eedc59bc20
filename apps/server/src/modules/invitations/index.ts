// The invitations module as other modules and the app see it; everything else in this folder is private.
export { registerInvitationRoutes } from './invitations.routes.ts';
