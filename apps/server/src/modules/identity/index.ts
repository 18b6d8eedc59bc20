// The identity module as other modules and the app see it; everything else in this folder is private.
export { findUser, findUserByEmail, revokeAllSessions, updatePasswordHash } from './identity.repository.ts';
export { registerIdentityRoutes } from './identity.routes.ts';
export { issueTokens } from './identity.service.ts';
export { createLoginLimiter, type LoginLimiter, type LoginLimits } from './login-limiter.ts';
export { consumeKey, findUsableKey, insertUserKey, listInvitationKeys, revokeUserKeys } from './user-keys.repository.ts';
