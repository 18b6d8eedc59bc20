// The API tokens module as the app sees it (DESIGN.md §18). The auth plugin finds a token by its hash
// itself (plugins/api-token-auth.ts): every request goes through it, before any module.
export { registerApiTokenRoutes } from './api-tokens.routes.ts';
export { mintApiToken } from './api-tokens.service.ts';
