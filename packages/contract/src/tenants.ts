import { z } from 'zod';
import { IdSchema, NameSchema } from './common.ts';
import { BaseCurrencySchema, LocaleSchema } from './currencies.ts';
import type { ProductPolicy, TenantPolicy } from './route.ts';
import { defineRoutes } from './route.ts';

export const TENANT_ROLES = ['Owner', 'Admin', 'Member'] as const;
export const TenantRoleSchema = z.enum(TENANT_ROLES);
export type TenantRole = z.infer<typeof TenantRoleSchema>;

export const PLAN_CODES = ['starter', 'agility', 'performance', 'enterprise'] as const;
export const PlanCodeSchema = z.enum(PLAN_CODES);
export type PlanCode = z.infer<typeof PlanCodeSchema>;

export const TENANT_POLICIES = [
  'Account.Settings',
  'Account.Lookups',
  'Account.Teams',
  'Account.People',
  'Account.Billing',
] as const satisfies readonly TenantPolicy[];
export const PRODUCT_POLICIES = ['Plan.Agility', 'Plan.Performance'] as const satisfies readonly ProductPolicy[];

/** Permission values (SPEC.md §3): 1 granted, 2 no access. */
export const PERMISSION_GRANTED = 1 as const;
export const PERMISSION_DENIED = 2 as const;
/** Policy types (SPEC.md §3): 1 tenant, 4 product. */
export const POLICY_TYPE_TENANT = 1 as const;
export const POLICY_TYPE_PRODUCT = 4 as const;

export const PermissionSchema = z.object({
  Name: z.string(),
  Permission: z.union([z.literal(PERMISSION_GRANTED), z.literal(PERMISSION_DENIED)]),
  Policy: z.object({
    Name: z.string(),
    PolicyType: z.union([z.literal(POLICY_TYPE_TENANT), z.literal(POLICY_TYPE_PRODUCT)]),
  }),
});
export type Permission = z.infer<typeof PermissionSchema>;

/** The plans' names as shown to people and in messages. */
export const PLAN_NAMES: Record<PlanCode, string> = {
  starter: 'Starter',
  agility: 'Agility',
  performance: 'Performance',
  enterprise: 'Enterprise',
};

/** The plans that hold each product policy (DESIGN.md §4), cheapest first: what includes an area. */
export const PRODUCT_POLICY_PLANS: Record<ProductPolicy, readonly PlanCode[]> = {
  'Plan.Agility': ['agility', 'performance', 'enterprise'],
  'Plan.Performance': ['performance', 'enterprise'],
};

/** Plan quotas (DESIGN.md §4); null means unlimited. */
export const PLAN_QUOTAS: Record<PlanCode, { teams: number | null; people: number | null }> = {
  starter: { teams: 1, people: 3 },
  agility: { teams: 3, people: 10 },
  performance: { teams: 10, people: 50 },
  enterprise: { teams: null, people: null },
};

export const UserMetaDataSchema = z
  .object({ CompletedNewUserTour: z.boolean().optional() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const UserProfileSchema = z.object({
  Id: IdSchema,
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Active: z.boolean(),
  TenantRole: TenantRoleSchema,
  MetaData: UserMetaDataSchema,
  Locale: LocaleSchema.describe('How numbers and dates are shown to this person, on screen and in mails (DESIGN.md §17); en-US by default'),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const AccountOwnerSchema = z.object({ FirstName: z.string(), LastName: z.string() });
export type AccountOwner = z.infer<typeof AccountOwnerSchema>;

export const PersonNameSchema = z.string().trim().min(1).max(100);

export const MySaveRequestSchema = z.object({
  FirstName: PersonNameSchema.describe('First name'),
  LastName: PersonNameSchema.describe('Last name'),
  MetaData: UserMetaDataSchema.optional(),
  Locale: LocaleSchema.optional().describe('Unchanged when missing'),
});

export const TenantMetaDataSchema = z
  .object({ CompletedNewAccountSetup: z.boolean().optional() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** An IANA time zone name the runtime knows (America/New_York, Europe/Berlin, UTC). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
};

export const TIME_ZONE_MESSAGE = 'Please choose a time zone such as America/New_York or UTC.';
export const TimeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64)
  .refine(isTimeZone, TIME_ZONE_MESSAGE);
export const DEFAULT_TIME_ZONE = 'UTC';

export const TenantSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  ShortName: z.string().describe('First two characters of the name (SPEC.md §9)'),
  PlanCode: PlanCodeSchema,
  TimeZone: z
    .string()
    .describe(
      'IANA time zone of the account: "today" is the day there for every rule and screen, and the weekly digest goes out Monday 08:00 there',
    ),
  MetaData: TenantMetaDataSchema,
  BaseCurrency: BaseCurrencySchema.describe('ISO 4217 code every report, total and budget is converted to (DESIGN.md §17)'),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const TenantSaveRequestSchema = z.object({
  Name: NameSchema,
  TimeZone: TimeZoneSchema.optional().describe('IANA time zone; unchanged when missing'),
  MetaData: TenantMetaDataSchema.optional(),
  BaseCurrency: BaseCurrencySchema.optional().describe(
    'Unchanged when missing; changeable only while the account has no budget item (409 otherwise)',
  ),
});

export const tenantRoutes = defineRoutes({
  getUserProfile: {
    method: 'POST',
    path: '/api/UserProfileClient/GetUserProfile',
    access: 'authenticated',
    summary: 'The signed-in user’s profile.',
    body: z.object({}),
    response: UserProfileSchema,
    tags: ['tenants'],
  },
  mySave: {
    method: 'POST',
    path: '/api/UserProfileClient/MySave',
    access: 'authenticated',
    summary: 'Save the signed-in user’s own name and metadata.',
    body: MySaveRequestSchema,
    response: UserProfileSchema,
    tags: ['tenants'],
  },
  getTenant: {
    method: 'GET',
    path: '/api/TenantClient/Get',
    access: 'authenticated',
    summary: 'The caller’s tenant.',
    response: TenantSchema,
    tags: ['tenants'],
  },
  saveTenant: {
    method: 'POST',
    path: '/api/TenantClient/Save',
    access: 'Account.Settings',
    summary: 'Rename the tenant or update its metadata (Owner, Admin).',
    body: TenantSaveRequestSchema,
    response: TenantSchema,
    tags: ['tenants'],
  },
  getOwners: {
    method: 'POST',
    path: '/api/TenantClient/GetOwners',
    access: 'authenticated',
    summary: "The account's active Owners' names: whom to ask for an upgrade or a change only an Owner makes.",
    body: z.object({}).optional(),
    response: z.array(AccountOwnerSchema),
    tags: ['tenants'],
  },
  getPermissions: {
    method: 'POST',
    path: '/api/TenantClient/GetPermissions',
    access: 'authenticated',
    summary: 'The caller’s permission list: tenant policies by role, product policies by subscription.',
    body: z.object({}).optional(),
    response: z.array(PermissionSchema),
    tags: ['tenants'],
  },
});
