// The SSO module as the app sees it (DESIGN.md §18, issue 35): the settings routes, the anonymous
// Start/Complete and the IdP's return to /sso/callback. Identity reads "require SSO" from the table itself.
export { registerSsoRoutes } from './sso.routes.ts';
