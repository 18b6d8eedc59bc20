// The identity module as other modules and the app see it; everything else in this folder is private.
export {
  consumeKey,
  findUsableKey,
  findUser,
  findUserByEmail,
  insertUserKey,
  listInvitationKeys,
  revokeAllSessions,
  revokeUserKeys,
  updatePasswordHash,
} from './users.service.ts';
export { registerIdentityRoutes } from './identity.routes.ts';
export { issueTokens } from './identity.service.ts';
export { isSsoRequired } from './sso-required.ts';
export { createLoginLimiter, type LoginLimiter, type LoginLimits } from './login-limiter.ts';
