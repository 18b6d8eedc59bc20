import type { AccountOwner, CurrencyCode, Locale, Tenant, UserProfile } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { listPermissions } from '../../plugins/permissions.ts';
import * as repo from './tenants.repository.ts';
import { toTenant, toUserProfile } from './tenants.mappers.ts';

export const createTenantsService = (ctx: AppContext) => ({
  getMyProfile: async (auth: AuthContext): Promise<UserProfile> => {
    const row = await repo.findUserProfile(ctx.db, auth.tenantId, auth.userId);
    if (!row) throw notFound('Your profile');
    return toUserProfile(row);
  },

  /** Saves the caller's own name and display locale; metadata keys are merged so one screen cannot erase another's. */
  saveMyProfile: async (
    auth: AuthContext,
    input: { FirstName: string; LastName: string; MetaData?: Record<string, unknown> | undefined; Locale?: Locale | undefined },
  ): Promise<UserProfile> =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findUserProfile(tx, auth.tenantId, auth.userId);
      if (!current) throw notFound('Your profile');
      const row = await repo.updateOwnProfile(
        tx,
        auth.tenantId,
        auth.userId,
        {
          firstName: input.FirstName,
          lastName: input.LastName,
          metaData: { ...current.metaData, ...input.MetaData },
          // Unchanged when missing (an older client or another screen saving the name).
          ...(input.Locale ? { locale: input.Locale } : {}),
        },
        ctx.clock.now(),
      );
      if (!row) throw notFound('Your profile');
      return toUserProfile(row);
    }),

  getTenant: async (auth: AuthContext): Promise<Tenant> => {
    const row = await repo.readTenant(ctx.database, auth.tenantId);
    if (!row) throw notFound('Your account');
    return toTenant(row);
  },

  saveTenant: async (
    auth: AuthContext,
    input: {
      Name: string;
      TimeZone?: string | undefined;
      MetaData?: Record<string, unknown> | undefined;
      BaseCurrency?: CurrencyCode | undefined;
    },
  ): Promise<Tenant> =>
    ctx.db.transaction(async (tx) => {
      await repo.lockTenant(tx, auth.tenantId);
      const current = await repo.findTenant(tx, auth.tenantId);
      if (!current) throw notFound('Your account');
      const baseCurrency = input.BaseCurrency ?? current.baseCurrency;
      // Every stored base amount is in the base currency: once a budget exists it cannot change under it.
      if (baseCurrency !== current.baseCurrency && (await repo.hasBudgetItems(tx, auth.tenantId))) {
        throw conflict('The base currency cannot change once budget items exist.');
      }
      const row = await repo.updateTenant(
        tx,
        auth.tenantId,
        {
          name: input.Name,
          metaData: { ...current.metaData, ...input.MetaData },
          timeZone: input.TimeZone ?? current.timeZone,
          baseCurrency,
        },
        ctx.clock.now(),
      );
      if (!row) throw notFound('Your account');
      return toTenant(row);
    }),

  getPermissions: (auth: AuthContext) => listPermissions(auth.role, auth.planCode),

  /** Whom to ask for what only an Owner may do (an upgrade for a closed area). */
  getOwners: async (auth: AuthContext): Promise<AccountOwner[]> =>
    (await repo.listActiveOwners(ctx.db, auth.tenantId)).map((row) => ({ FirstName: row.firstName, LastName: row.lastName })),
});
