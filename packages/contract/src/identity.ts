import { z } from 'zod';
import { ClientIdSchema, InstantSchema } from './common.ts';
import { defineRoutes } from './route.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Access tokens live 15 minutes (DESIGN.md §3). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The SPA's session rules (SPEC.md §4, §9). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const REFRESH_WHEN_REMAINING_MS = 3 * 60_000;
export const INACTIVITY_CUTOFF_MS = 60 * 60_000;

export const EmailSchema = z
  .email({ error: 'Please provide a valid email address!' })
  .max(254, 'Email address is too long.')
  .transform((value) => value.trim().toLowerCase());

/** A new password: DESIGN.md §3 rules. Common passwords are refused by the server. */
export const NewPasswordSchema = z
  .string({ error: 'Please enter your password!' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password can be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const LoginRequestSchema = z.object({
  Username: z.string({ error: 'Please enter your email!' }).trim().min(1, 'Please enter your email!').max(254),
  Password: z
    .string({ error: 'Please enter your password!' })
    .min(1, 'Please enter your password!')
    .max(PASSWORD_MAX_LENGTH * 4),
  ClientId: ClientIdSchema,
});

export const TokenResponseSchema = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  Expiration: InstantSchema.describe('When the access token expires'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const RefreshRequestSchema = z.object({
  AccessToken: z.string().max(4096).optional(),
  RefreshToken: z.string().min(1, 'RefreshToken is required.').max(200),
});

export const ChangePasswordRequestSchema = z.object({
  CurrentPassword: z
    .string()
    .min(1, 'Please enter your current password!')
    .max(PASSWORD_MAX_LENGTH * 4),
  NewPassword: NewPasswordSchema,
  ClientId: ClientIdSchema,
});

export const LogoutRequestSchema = z.object({ RefreshToken: z.string().max(200).optional() });

export const identityRoutes = defineRoutes({
  login: {
    method: 'POST',
    path: '/api/identity/token/user',
    access: 'anonymous',
    summary: 'Sign in with e-mail and password; returns an access and a refresh token.',
    body: LoginRequestSchema,
    response: TokenResponseSchema,
    raw: true,
    tags: ['identity'],
  },
  refresh: {
    method: 'POST',
    path: '/api/identity/token/userrefresh',
    access: 'anonymous',
    summary: 'Rotate a refresh token. Replaying a used refresh token revokes its whole family.',
    body: RefreshRequestSchema,
    response: TokenResponseSchema,
    raw: true,
    tags: ['identity'],
  },
  valid: {
    method: 'GET',
    path: '/api/identity/token/valid',
    access: 'authenticated',
    summary: "Answers the text 'OK' when the access token is valid.",
    response: z.literal('OK'),
    raw: true,
    tags: ['identity'],
  },
  logout: {
    method: 'POST',
    path: '/api/identity/token/logout',
    access: 'authenticated',
    summary: 'Sign out: revokes every session of the user and invalidates issued access tokens.',
    body: LogoutRequestSchema,
    response: z.literal(true),
    tags: ['identity'],
  },
  changePassword: {
    method: 'POST',
    path: '/user/ChangePassword',
    access: 'authenticated',
    summary: 'Change the signed-in user’s password; revokes every other session.',
    body: ChangePasswordRequestSchema,
    response: TokenResponseSchema,
    tags: ['identity'],
  },
});
