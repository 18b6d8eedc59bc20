import type { Db } from '../../db/client.ts';
import type { UserKeyPurpose } from '../../schema/identity.ts';
import * as users from './identity.repository.ts';
import * as keys from './user-keys.repository.ts';

/*
 * What other modules (invitations, people, recovery) may ask the identity module through index.ts:
 * a person by id or e-mail, a new password, signing a person out everywhere, and the single-use
 * keys mailed to people. The queries behind them stay private to this folder.
 */

export const findUser = (db: Db, tenantId: string, userId: string) => users.findUser(db, tenantId, userId);

export const findUserByEmail = (db: Db, email: string) => users.findUserByEmail(db, email);

/** Ends every session of the person (their refresh tokens stop working). */
export const revokeAllSessions = (db: Db, tenantId: string, userId: string, now: Date) =>
  users.revokeAllSessions(db, tenantId, userId, now);

export const updatePasswordHash = (db: Db, tenantId: string, userId: string, passwordHash: string, now: Date) =>
  users.updatePasswordHash(db, tenantId, userId, passwordHash, now);

export const insertUserKey = (db: Db, row: Parameters<typeof keys.insertUserKey>[1]) => keys.insertUserKey(db, row);

/** Earlier keys of the purpose (or every purpose, null) stop working. */
export const revokeUserKeys = (db: Db, tenantId: string, userId: string, purpose: UserKeyPurpose | null, now: Date) =>
  keys.revokeUserKeys(db, tenantId, userId, purpose, now);

/** The key, when it is unused, unexpired and of this purpose; it stays usable. */
export const findUsableKey = (db: Db, keyHash: string, purpose: UserKeyPurpose, now: Date) => keys.findUsableKey(db, keyHash, purpose, now);

/** Uses the key up, once: of two requests with the same key only one gets the row. */
export const consumeKey = (db: Db, keyHash: string, purpose: UserKeyPurpose, now: Date) => keys.consumeKey(db, keyHash, purpose, now);

export const listInvitationKeys = (db: Db, tenantId: string, userIds: string[]) => keys.listInvitationKeys(db, tenantId, userIds);
