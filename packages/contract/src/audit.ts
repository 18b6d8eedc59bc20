import { z } from 'zod';
import { DateOnlySchema, IdSchema, InstantSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** The security events of DESIGN.md §18, as the audit log names them. */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'role_changed',
  'person_deactivated',
  'token_created',
  'token_revoked',
  'sso_changed',
  'webhook_changed',
] as const;
export type SecurityEventKindName = (typeof SECURITY_EVENT_KINDS)[number];

/** The audit trail's activities (plans, budget items, expenses, categories, objectives; DESIGN.md §5) and notes. */
export const ACTIVITY_EVENT_KINDS = ['created', 'updated', 'deleted', 'note'] as const;

export const AUDIT_EVENT_KINDS = [...SECURITY_EVENT_KINDS, ...ACTIVITY_EVENT_KINDS] as const;
export const AuditKindSchema = z.enum(AUDIT_EVENT_KINDS, { error: `Kind must be one of ${AUDIT_EVENT_KINDS.join(', ')}.` });
export type AuditKind = z.infer<typeof AuditKindSchema>;

/** What the screen and the CSV call each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  role_changed: 'Role changed',
  person_deactivated: 'Person deactivated',
  token_created: 'API token created',
  token_revoked: 'API token revoked',
  sso_changed: 'Single sign-on changed',
  webhook_changed: 'Webhook changed',
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  note: 'Note',
};

export const AUDIT_MAX_PAGE_SIZE = 200;
/** Retention of the audit log in days (DESIGN.md §18: 2 years by default). */
export const AUDIT_RETENTION_DEFAULT_DAYS = 730;
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

/** The filters shared by List and Export. */
const auditFilters = {
  From: DateOnlySchema.optional().describe('First day (YYYY-MM-DD), in the account’s time zone'),
  To: DateOnlySchema.optional().describe('Last day (YYYY-MM-DD, included), in the account’s time zone'),
  UserId: IdSchema.optional().describe('A person: what they did, and the security events about them (a failed sign-in, a role change)'),
  Kind: AuditKindSchema.optional(),
};
const toAfterFrom = <T extends { From?: string | undefined; To?: string | undefined }>(value: T) =>
  !value.From || !value.To || value.From <= value.To;
const TO_BEFORE_FROM = { message: 'To cannot be before From.', path: ['To'] };

export const AuditExportRequestSchema = z.object(auditFilters).refine(toAfterFrom, TO_BEFORE_FROM);
export type AuditExportRequest = z.input<typeof AuditExportRequestSchema>;

export const AuditListRequestSchema = z
  .object({
    ...auditFilters,
    Page: z.number().int().min(1, 'Page starts at 1.').default(1),
    PageSize: z.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE, `PageSize can be at most ${AUDIT_MAX_PAGE_SIZE}.`).default(50),
  })
  .refine(toAfterFrom, TO_BEFORE_FROM);
export type AuditListRequest = z.input<typeof AuditListRequestSchema>;

export const AuditItemSchema = z.object({
  At: InstantSchema,
  Kind: AuditKindSchema,
  UserId: IdSchema.nullable().describe('Who acted; null when nobody signed in did (a failed sign-in) or the system did'),
  Name: z.string().describe('Who acted, by name; for a failed sign-in the address tried'),
  EntityType: z
    .string()
    .nullable()
    .describe('What it concerns: MarketingPlan, BudgetItem, Expense, BudgetCategory, Objective, User, ApiToken, …'),
  EntityId: IdSchema.nullable(),
  Summary: z.string(),
  Ip: z.string().nullable().describe('The caller’s address for security events; null for activities'),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;

export const AuditPageSchema = z.object({
  Items: z.array(AuditItemSchema).describe('Newest first'),
  Total: z.number().int().describe('Matching entries across all pages'),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditSettingsSchema = z.object({
  RetentionDays: z.number().int().describe('Entries older than this many days are deleted once a day'),
});
export type AuditSettings = z.infer<typeof AuditSettingsSchema>;

export const AuditSettingsSaveRequestSchema = z.object({
  RetentionDays: z
    .number({ error: 'RetentionDays must be a whole number of days.' })
    .int('RetentionDays must be a whole number of days.')
    .min(AUDIT_RETENTION_MIN_DAYS, `Keep the audit log at least ${AUDIT_RETENTION_MIN_DAYS} days.`)
    .max(AUDIT_RETENTION_MAX_DAYS, `Keep the audit log at most ${AUDIT_RETENTION_MAX_DAYS} days (10 years).`),
});

/** The 403 of every audit route on a plan other than Enterprise. */
export const AUDIT_PLAN_MESSAGE = 'The audit log is part of the Enterprise plan. Ask your account Owner to upgrade on the Billing page.';

const ENTERPRISE_NOTE =
  'Owners and Admins of an Enterprise account; any other plan answers 403 naming the Enterprise plan (the audit log is an Enterprise feature, DESIGN.md §18).';

export const auditRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/AuditClient/List',
    access: 'Account.Settings',
    summary: `The account’s audit log: every activity (the audit trail of plans, budget items, expenses, categories and objectives, and notes) and every security event (sign-ins, failed sign-ins, password changes and resets, role changes, deactivations, API tokens, SSO and webhook changes), newest first, one page. ${ENTERPRISE_NOTE}`,
    body: AuditListRequestSchema,
    response: AuditPageSchema,
    tags: ['audit'],
  },
  export: {
    method: 'POST',
    path: '/api/AuditClient/Export',
    access: 'Account.Settings',
    summary: `The same entries as List with the same filters, every page, as CSV text (columns At, Kind, Person, UserId, EntityType, EntityId, Summary, Ip). ${ENTERPRISE_NOTE}`,
    body: AuditExportRequestSchema,
    response: z.string(),
    raw: true,
    tags: ['audit'],
  },
  getSettings: {
    method: 'POST',
    path: '/api/AuditClient/GetSettings',
    access: 'Account.Settings',
    summary: `How long the audit log keeps entries (${AUDIT_RETENTION_DEFAULT_DAYS} days unless changed). ${ENTERPRISE_NOTE}`,
    response: AuditSettingsSchema,
    tags: ['audit'],
  },
  saveSettings: {
    method: 'POST',
    path: '/api/AuditClient/SaveSettings',
    access: 'Account.Settings',
    summary: `Sets the retention, ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS} days; older entries go at the next daily prune. ${ENTERPRISE_NOTE}`,
    body: AuditSettingsSaveRequestSchema,
    response: AuditSettingsSchema,
    tags: ['audit'],
  },
});
