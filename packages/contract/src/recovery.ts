import { z } from 'zod';
import { ClientIdSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** Recovery keys live one hour (DESIGN.md §3). */
export const RECOVERY_TTL_MS = 60 * 60_000;

/** SPEC.md §8 with DESIGN.md §7.3's spelling fixed. */
export const FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE = 'Unable To Complete Account Due To A System Communication Error';
export const RESET_PASSWORD_SYSTEM_ERROR_MESSAGE = 'Unable To Reset Password Due To A System Error';
/** The one answer to a recovery request, whether or not the account exists. */
export const RECOVERY_STARTED_MESSAGE =
  'If an account exists for that email address, we have sent it a link to choose a new password. The link works for one hour.';
export const RECOVERY_KEY_INVALID_MESSAGE =
  'This password reset link is not valid any more. It may have been used already or be more than an hour old. Please ask for a new one.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. Please sign in with your new password.';

const UsernameSchema = z
  .string({ error: 'Please enter your email!' })
  .trim()
  .min(1, 'Please enter your email!')
  .max(254, 'Email address is too long.');
const KeySchema = z.string({ error: 'Key is required.' }).trim().min(1, 'Key is required.').max(200, 'Key is not valid.');
const PasswordSchema = z.string({ error: 'Please enter your password!' }).min(1, 'Please enter your password!').max(512);

export const StartRecoveryRequestSchema = z.object({
  Username: UsernameSchema,
  ReturnUrl: z.string().max(2000).optional().describe('Ignored: the link in the mail always leads to PUBLIC_URL/recoverpassword'),
  ClientId: ClientIdSchema,
});
export const IdentityResetPasswordRequestSchema = z.object({ Password: PasswordSchema, Key: KeySchema, ClientId: ClientIdSchema });

export const BeginPasswordRecoveryRequestSchema = z.object({ Username: UsernameSchema });
export const ResetPasswordRequestSchema = z.object({
  Key: KeySchema,
  Password: PasswordSchema,
  ConfirmPassword: PasswordSchema.describe('Must equal Password (DESIGN.md §7.5)'),
});

export const recoveryRoutes = defineRoutes({
  startRecovery: {
    method: 'POST',
    path: '/api/identity/token/startrecovery',
    access: 'anonymous',
    summary: 'Mails a one-hour password reset link when the account exists; the answer is the same when it does not.',
    body: StartRecoveryRequestSchema,
    response: z.literal(true),
    tags: ['identity'],
  },
  resetPassword: {
    method: 'POST',
    path: '/api/identity/token/resetpassword',
    access: 'anonymous',
    summary: 'Sets a new password with a recovery key (single use); every session of the account ends.',
    body: IdentityResetPasswordRequestSchema,
    response: z.literal(true),
    tags: ['identity'],
  },
  beginPasswordRecovery: {
    method: 'POST',
    path: '/api/AccountClient/BeginPasswordRecovery',
    access: 'anonymous',
    summary: 'The forgot-password screen’s call: like token/startrecovery, without ClientId.',
    body: BeginPasswordRecoveryRequestSchema,
    response: z.literal(true),
    tags: ['recovery'],
  },
  accountResetPassword: {
    method: 'POST',
    path: '/api/AccountClient/ResetPassword',
    access: 'anonymous',
    summary: 'The recover-password screen’s call: compares the two passwords, applies the password rules, uses up the key.',
    body: ResetPasswordRequestSchema,
    response: z.literal(true),
    tags: ['recovery'],
  },
});
