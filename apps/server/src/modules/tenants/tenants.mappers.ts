import type { Tenant, TenantRole, UserProfile } from '@plansmith/contract';
import type { tenants, TenantRoleCode, users } from '../../schema/tenants.ts';

const ROLE_NAMES: Record<TenantRoleCode, TenantRole> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ROLE_CODES: Record<TenantRole, TenantRoleCode> = { Owner: 'owner', Admin: 'admin', Member: 'member' };

export const toTenantRole = (code: TenantRoleCode): TenantRole => ROLE_NAMES[code];
export const toTenantRoleCode = (role: TenantRole): TenantRoleCode => ROLE_CODES[role];

/** SPEC.md §9: the short name is the first 2 characters of the tenant name. */
export const shortNameOf = (name: string): string => name.trim().slice(0, 2).toUpperCase();

export const toUserProfile = (row: typeof users.$inferSelect): UserProfile => ({
  Id: row.id,
  FirstName: row.firstName,
  LastName: row.lastName,
  Email: row.email,
  Active: row.active,
  TenantRole: toTenantRole(row.tenantRole),
  MetaData: row.metaData as UserProfile['MetaData'],
  Locale: row.locale,
});

export const toTenant = (row: Omit<typeof tenants.$inferSelect, 'createdAt' | 'updatedAt'>): Tenant => ({
  Id: row.id,
  Name: row.name,
  ShortName: shortNameOf(row.name),
  PlanCode: row.planCode,
  TimeZone: row.timeZone,
  MetaData: row.metaData as Tenant['MetaData'],
  BaseCurrency: row.baseCurrency,
});
