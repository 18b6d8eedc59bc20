import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ssoSettings } from '../../schema/sso.ts';
import { tenants, type TenantRoleCode } from '../../schema/tenants.ts';

/**
 * Whether this person must sign in through single sign-on (DESIGN.md §18): their Enterprise account
 * has SSO enabled with "require SSO", and they are not an Owner (the Owner's password is the
 * break-glass way in). Password sign-in and password reset refuse such a person.
 */
export const isSsoRequired = async (db: Db, user: { tenantId: string; tenantRole: TenantRoleCode }): Promise<boolean> => {
  if (user.tenantRole === 'owner') return false;
  const [row] = await db
    .select({ tenantId: ssoSettings.tenantId })
    .from(ssoSettings)
    .innerJoin(tenants, eq(tenants.id, ssoSettings.tenantId))
    .where(
      and(
        eq(ssoSettings.tenantId, user.tenantId),
        eq(ssoSettings.requireSso, true),
        eq(ssoSettings.enabled, true),
        eq(tenants.planCode, 'enterprise'),
      ),
    )
    .limit(1);
  return row !== undefined;
};
