import type { TenantRole } from '@plansmith/contract';

export const ROLE_DESCRIPTIONS: Record<TenantRole, string> = {
  Owner: 'Everything, including billing',
  Admin: 'Manages the account, teams and people',
  Member: 'Works in the teams they belong to',
};

/** Only Owners may hand out the Owner role. */
export const roleOptionsFor = (callerRole: TenantRole | undefined) =>
  (['Member', 'Admin', 'Owner'] as const)
    .filter((role) => role !== 'Owner' || callerRole === 'Owner')
    .map((role) => ({ value: role, label: `${role} — ${ROLE_DESCRIPTIONS[role]}` }));
