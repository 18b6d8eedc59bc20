import { z } from 'zod';
import { ClientIdSchema, IdSchema } from './common.ts';
import { BaseCurrencySchema } from './currencies.ts';
import { EmailSchema } from './identity.ts';
import { defineRoutes } from './route.ts';
import { canonicalTimeZone, FALLBACK_TIME_ZONE } from './today.ts';

/** A verification link lives 24 hours (DESIGN.md §3); a resend is suggested after 5 minutes (SPEC.md §9). */
export const VERIFICATION_KEY_TTL_MS = 24 * 60 * 60_000;
export const RESEND_SUGGESTED_AFTER_MS = 5 * 60_000;
export const USERNAME_EXISTS_MESSAGE = 'Username Already Exists';
/** Where the registered user is kept in the browser (SPEC.md §3). */
export const REGISTERED_USER_KEY = 'registered_user';

/** The page's query parameters (possibly plan and bill), carried through the sign-up. */
export const RegistrationMetaDataSchema = z
  .record(z.string().max(40), z.string().max(200))
  .refine((value) => Object.keys(value).length <= 20, 'MetaData can hold at most 20 entries.')
  .describe('Query parameters of the register page, e.g. plan and bill');

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const RegistrationSchema = z.object({
  FirstName: requiredText('Please enter your first name!'),
  LastName: requiredText('Please enter your last name!'),
  Company: requiredText("Please enter your company's name!", 200),
  Email: EmailSchema,
  MetaData: RegistrationMetaDataSchema.optional().default({}),
  TimeZone: z
    .string()
    .max(64)
    .optional()
    // A zone the server does not know (or none) is not a reason to refuse a sign-up: the account starts on UTC.
    .transform((zone) => (zone ? canonicalTimeZone(zone.trim()) : null) ?? FALLBACK_TIME_ZONE)
    .describe(
      'The browser’s IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); the new account’s zone, UTC when missing or unknown',
    ),
  BaseCurrency: BaseCurrencySchema.default('USD').describe('The new account’s base currency (every report is in it); USD when missing'),
  ClientId: ClientIdSchema,
});
export type Registration = z.input<typeof RegistrationSchema>;

export const RegisterResultSchema = z.object({
  Email: z.string(),
  VerificationSent: z.boolean(),
});

export const CompleteRequestSchema = z.object({
  EmailVerifyKey: z.string({ error: 'The verification link is not valid.' }).min(20, 'The verification link is not valid.').max(100),
  Password: z.string({ error: 'Please enter your password!' }).min(1, 'Please enter your password!').max(512),
  ClientId: ClientIdSchema,
});

/** The registered user (SPEC.md §3), kept in session storage under registered_user. */
export const RegisteredUserSchema = z.object({
  Id: IdSchema.describe('The new user'),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  ApplicationId: IdSchema.describe('The registration; identifies the sign-up to the payment calls'),
  MetaData: z.record(z.string(), z.string()),
});
export type RegisteredUser = z.infer<typeof RegisteredUserSchema>;

export const registrationRoutes = defineRoutes({
  register: {
    method: 'POST',
    path: '/api/prospectrequest/register',
    access: 'anonymous',
    summary: 'Start a sign-up: stores the prospect and e-mails a single-use 24-hour verification link.',
    body: RegistrationSchema,
    response: RegisterResultSchema,
    tags: ['registration'],
  },
  sendVerificationEmail: {
    method: 'POST',
    path: '/api/ProspectRequest/SendVerificationEmail',
    access: 'anonymous',
    summary: 'Send the verification link again (a new key; earlier links stop working).',
    body: RegistrationSchema,
    response: RegisterResultSchema,
    tags: ['registration'],
  },
  completeRequest: {
    method: 'POST',
    path: '/api/ProspectRequest/CompleteRequest',
    access: 'anonymous',
    summary: 'Verify the e-mail with its key and set the password: creates the tenant and its Owner. Retrying answers the same user.',
    body: CompleteRequestSchema,
    response: RegisteredUserSchema,
    tags: ['registration'],
  },
});
