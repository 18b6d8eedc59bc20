import type { Person, PersonStatus } from '@plansmith/contract';
import type { userKeys } from '../../schema/identity.ts';
import { toTenantRole } from '../tenants/index.ts';
import type { UserRow } from './people.repository.ts';

type KeyRow = typeof userKeys.$inferSelect;

export const statusOf = (row: Pick<UserRow, 'active' | 'passwordHash'>): PersonStatus => {
  if (!row.active) return 'Inactive';
  return row.passwordHash ? 'Active' : 'Invited';
};

/** A person with their invitation state, from their row and their invitation keys (newest first). */
export const toPerson = (row: UserRow, invitationKeys: KeyRow[], now: Date): Person => {
  const latest = invitationKeys.find((key) => key.userId === row.id);
  const pending =
    latest && !latest.usedAt && !latest.revokedAt && latest.expiresAt.getTime() > now.getTime() && !row.passwordHash ? latest : null;
  return {
    Id: row.id,
    FirstName: row.firstName,
    LastName: row.lastName,
    Email: row.email,
    Active: row.active,
    TenantRole: toTenantRole(row.tenantRole),
    Status: statusOf(row),
    InvitationSentAt: latest ? latest.createdAt.toISOString() : null,
    InvitationExpiresAt: pending ? pending.expiresAt.toISOString() : null,
  };
};
