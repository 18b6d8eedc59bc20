import { z } from 'zod';
import { IdSchema, InstantSchema, SaveIdSchema } from './common.ts';
import { EmailSchema } from './identity.ts';
import { defineRoutes } from './route.ts';
import { TeamRoleIdSchema } from './teams.ts';
import { PersonNameSchema, TenantRoleSchema } from './tenants.ts';

/**
 * A person's standing in the tenant:
 * - Active: can sign in;
 * - Invited: has no password yet (an invitation may be pending or expired);
 * - Inactive: deactivated by an admin, cannot sign in.
 */
export const PERSON_STATUSES = ['Active', 'Invited', 'Inactive'] as const;
export const PersonStatusSchema = z.enum(PERSON_STATUSES);
export type PersonStatus = z.infer<typeof PersonStatusSchema>;

export const PersonSchema = z.object({
  Id: IdSchema,
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Active: z.boolean(),
  TenantRole: TenantRoleSchema,
  Status: PersonStatusSchema,
  InvitationSentAt: InstantSchema.nullable().describe('When the latest invitation was sent'),
  InvitationExpiresAt: InstantSchema.nullable().describe('When the pending invitation expires; null when none is pending'),
});
export type Person = z.infer<typeof PersonSchema>;

export const PeopleListRequestSchema = z.object({
  IsActive: z.boolean().optional().describe('true: active people only; false: inactive only; missing: everyone'),
});

export const PersonSaveRequestSchema = z.object({
  Id: SaveIdSchema,
  FirstName: PersonNameSchema.describe('First name'),
  LastName: PersonNameSchema.describe('Last name'),
  Email: EmailSchema.optional().describe('Required to create; cannot be changed afterwards'),
  Active: z.boolean().optional().describe('Defaults to true; false deactivates and ends every session'),
  TenantRole: TenantRoleSchema.optional().describe('Defaults to Member. Only an Owner may grant or take away Owner.'),
  TeamId: IdSchema.optional().describe('Create only: the team the invited person lands in (DESIGN.md §12)'),
  TeamRoleId: TeamRoleIdSchema.optional().describe('Create only: the role in TeamId; defaults to 2 (Planner)'),
});

export const SendInvitationRequestSchema = z.object({
  UserProfileId: IdSchema,
  InvitationUrl: z
    .string()
    .max(2000)
    .optional()
    .describe('Accepted for compatibility and ignored: the link is always built from PUBLIC_URL (/invitation?key=…)'),
});

export const SendInvitationResultSchema = z.object({
  UserProfileId: IdSchema,
  Email: z.string(),
  ExpiresAt: InstantSchema,
});

/** E-mail notification choices of one user (/settings/notifications). */
export const NotificationSettingsSchema = z.object({
  CommentsOnMyPlans: z.boolean().describe('Someone comments on a plan of my teams'),
  Mentions: z.boolean().describe('Someone names me (@First Last) in a comment'),
  BudgetThresholds: z.boolean().describe("An expense takes a budget item's actual spend past its amount"),
  TeamChanges: z.boolean().describe('I am added to or removed from a team'),
  WeeklySummary: z.boolean().describe('A Monday summary of spend against budget'),
  Approvals: z.boolean().describe('A request waits for me as approver, or my request is decided (DESIGN.md §15)'),
  MonthClose: z
    .boolean()
    .describe('A Lead’s reminder on the third working day of a month whose previous month is still open (DESIGN.md §14)'),
  ProductNews: z.boolean().describe('New Plansmith features'),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  CommentsOnMyPlans: true,
  Mentions: true,
  BudgetThresholds: true,
  TeamChanges: true,
  WeeklySummary: false,
  Approvals: true,
  MonthClose: true,
  ProductNews: false,
};

export const peopleRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/UserProfileClient/List',
    access: 'Account.People',
    summary: 'The tenant’s people with their status, optionally only active or inactive ones.',
    body: PeopleListRequestSchema,
    response: z.array(PersonSchema),
    tags: ['people'],
  },
  save: {
    method: 'POST',
    path: '/api/UserProfileClient/Save',
    access: 'Account.People',
    summary:
      'Create a person (empty Id; no password until the invitation is completed) or edit one: name, active, tenant role. Deactivation ends the person’s sessions.',
    body: PersonSaveRequestSchema,
    response: PersonSchema,
    tags: ['people'],
  },
  sendInvitation: {
    method: 'POST',
    path: '/api/UserProfileClient/SendInvitation',
    access: 'Account.People',
    summary: 'Mail an invitation (valid 7 days) to a person who has no password yet; any earlier invitation key stops working.',
    body: SendInvitationRequestSchema,
    response: SendInvitationResultSchema,
    tags: ['people'],
  },
  getNotificationSettings: {
    method: 'POST',
    path: '/api/UserProfileClient/GetNotificationSettings',
    access: 'authenticated',
    summary: 'The caller’s e-mail notification choices.',
    body: z.object({}).optional(),
    response: NotificationSettingsSchema,
    tags: ['people'],
  },
  saveNotificationSettings: {
    method: 'POST',
    path: '/api/UserProfileClient/SaveNotificationSettings',
    access: 'authenticated',
    summary: 'Save the caller’s e-mail notification choices.',
    body: NotificationSettingsSchema,
    response: NotificationSettingsSchema,
    tags: ['people'],
  },
});
