import { z } from 'zod';
import { ClientIdSchema, RowVersionSchema, VersionSchema } from './common.ts';
import { EmailSchema, TokenResponseSchema } from './identity.ts';
import { defineRoutes } from './route.ts';

/**
 * OpenID Connect single sign-on (DESIGN.md §18, issue 35): an Enterprise account signs its people in
 * through its own identity provider (IdP). Authorization code with PKCE, state and nonce; the ID token
 * is checked by openid-client (issuer, audience, expiry, signature). A person signing in for the first
 * time is created with DefaultRole; "require SSO" refuses password sign-in (and password reset) to
 * everyone of the account except the Owner (break-glass).
 */

/** The 403 of Get, Save and Test on a plan other than Enterprise (Start refuses such an account too). */
export const SSO_PLAN_MESSAGE = 'Single sign-on is part of the Enterprise plan. Ask your account Owner to upgrade on the Billing page.';
/** What password sign-in and password reset answer for a person whose account requires SSO. */
export const SSO_REQUIRED_MESSAGE = 'Your account signs in through single sign-on: use Sign in with SSO.';
/** Start's 400 for an address whose domain no Enterprise account has set up (or has disabled). */
export const ssoNotSetUpMessage = (domain: string): string => `No single sign-on is set up for ${domain}.`;
/** Save's 409 for a domain another account already claims. */
export const ssoDomainTakenMessage = (domain: string): string => `${domain} is already used by another account.`;
/** Save's (and Test's with a new secret) 409 in production without SSO_SECRET_KEY. */
export const SSO_SECRET_KEY_MESSAGE = 'Set SSO_SECRET_KEY on the server to keep an SSO client secret encrypted.';
/** Save's 400 when nothing is stored yet and no ClientSecret comes. */
export const SSO_SECRET_REQUIRED_MESSAGE = 'Enter the client secret the identity provider gave you.';
/** Save's 400 for an http issuer in production. */
export const SSO_HTTPS_MESSAGE = 'The issuer URL must start with https://.';

/** The SPA page the callback hands a sign-in to (`#handoff=<code>`), and where a failure goes (`/login?sso_error=`). */
export const SSO_CALLBACK_PATH = '/sso/callback';
export const SSO_LANDING_PATH = '/login/sso';
export const SSO_HANDOFF_PARAM = 'handoff';
export const SSO_ERROR_PARAM = 'sso_error';
/** At most this many e-mail domains per account. */
export const SSO_MAX_DOMAINS = 20;
/** A login in progress (state, nonce, code_verifier) lives this long; a handoff code 60 s, single use. */
export const SSO_LOGIN_TTL_SECONDS = 10 * 60;
export const SSO_HANDOFF_TTL_SECONDS = 60;

/** The roles a person created on first sign-in may get: never Owner. */
export const SSO_DEFAULT_ROLES = ['Admin', 'Member'] as const;
export const SsoDefaultRoleSchema = z.enum(SSO_DEFAULT_ROLES, { error: 'DefaultRole must be Admin or Member.' });
export type SsoDefaultRole = z.infer<typeof SsoDefaultRoleSchema>;

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/;

export const SsoDomainSchema = z
  .string({ error: 'Each domain must be text, e.g. example.com.' })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, 'Each domain must be a domain name such as example.com (no @, no scheme).')
  .describe('An e-mail domain, lower-cased: people whose address ends in @<domain> sign in through this IdP');

export const SsoIssuerUrlSchema = z
  .string({ error: 'Enter the issuer URL.' })
  .trim()
  .min(1, 'Enter the issuer URL.')
  .max(500, 'The issuer URL can be at most 500 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username;
    } catch {
      return false;
    }
  }, 'The issuer URL must be an absolute https:// URL without a query, e.g. https://login.example.com/realms/acme.')
  .describe('The IdP’s issuer; its /.well-known/openid-configuration is read. https (http allowed outside production)');

export const SsoSettingsSchema = z.object({
  IssuerUrl: z.string(),
  ClientId: z.string(),
  HasClientSecret: z.boolean().describe('Whether a client secret is stored (it is never sent back)'),
  Domains: z.array(z.string()),
  DefaultRole: SsoDefaultRoleSchema,
  RequireSso: z.boolean(),
  Enabled: z.boolean(),
  RedirectUri: z.string().describe('What to register at the IdP as the redirect (callback) URI'),
  Version: RowVersionSchema.nullable().describe('null while nothing is saved (an empty form)'),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

export const SsoSaveRequestSchema = z
  .object({
    IssuerUrl: SsoIssuerUrlSchema,
    ClientId: z
      .string({ error: 'Enter the client id.' })
      .trim()
      .min(1, 'Enter the client id.')
      .max(255, 'The client id can be at most 255 characters.'),
    ClientSecret: z
      .string()
      .max(1000, 'The client secret can be at most 1000 characters.')
      .optional()
      .describe('Omitted or empty keeps the stored one; required the first time'),
    Domains: z
      .array(SsoDomainSchema, { error: 'Domains must be a list of e-mail domains.' })
      .min(1, 'Enter at least one e-mail domain.')
      .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains.`)
      .transform((domains) => [...new Set(domains)]),
    DefaultRole: SsoDefaultRoleSchema.default('Member'),
    RequireSso: z.boolean().default(false),
    Enabled: z.boolean().default(true),
    Version: VersionSchema.optional().describe('Required once the settings are saved (Get’s Version); a stale one answers 409'),
  })
  .describe('Creates or replaces the account’s single sign-on settings');
export type SsoSaveRequest = z.input<typeof SsoSaveRequestSchema>;

export const SsoTestRequestSchema = z
  .object({ IssuerUrl: SsoIssuerUrlSchema.optional().describe('Test this (unsaved) issuer instead of the saved one') })
  .describe('Runs discovery against the issuer');

export const SsoTestResultSchema = z.object({
  Ok: z.boolean(),
  Message: z.string().describe('What worked, or why discovery failed'),
  Issuer: z.string().optional(),
  AuthorizationEndpoint: z.string().optional(),
});
export type SsoTestResult = z.infer<typeof SsoTestResultSchema>;

export const SsoStartRequestSchema = z.object({ Email: EmailSchema });
export const SsoStartResultSchema = z.object({ RedirectUrl: z.string().describe('Send the browser here: the IdP’s sign-in page') });
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;

export const SsoCompleteRequestSchema = z.object({
  Handoff: z.string({ error: 'The sign-in link is incomplete.' }).min(1, 'The sign-in link is incomplete.').max(200),
  ClientId: ClientIdSchema,
});

const ENTERPRISE_NOTE = 'Owners and Admins of an Enterprise account; any other plan answers 403 naming the Enterprise plan.';

export const ssoRoutes = defineRoutes({
  get: {
    method: 'POST',
    path: '/api/SsoClient/Get',
    access: 'Account.Settings',
    summary: `The account’s single sign-on settings (an empty form with Version null when none are saved). ${ENTERPRISE_NOTE}`,
    response: SsoSettingsSchema,
    tags: ['sso'],
  },
  save: {
    method: 'POST',
    path: '/api/SsoClient/Save',
    access: 'Account.Settings',
    summary: `Saves the single sign-on settings; the client secret is stored encrypted (SSO_SECRET_KEY). A domain another account claims is a 409. ${ENTERPRISE_NOTE}`,
    body: SsoSaveRequestSchema,
    response: SsoSettingsSchema,
    tags: ['sso'],
  },
  test: {
    method: 'POST',
    path: '/api/SsoClient/Test',
    access: 'Account.Settings',
    summary: `Reads the issuer’s OpenID configuration (discovery) and says whether it answered. ${ENTERPRISE_NOTE}`,
    body: SsoTestRequestSchema,
    response: SsoTestResultSchema,
    tags: ['sso'],
  },
  start: {
    method: 'POST',
    path: '/api/SsoClient/Start',
    access: 'anonymous',
    summary: `Starts a sign-in through the IdP of the e-mail’s domain: answers the URL to send the browser to. The IdP returns to ${SSO_CALLBACK_PATH}, which redirects to ${SSO_LANDING_PATH}#handoff=… (or /login?sso_error=…).`,
    body: SsoStartRequestSchema,
    response: SsoStartResultSchema,
    tags: ['sso'],
  },
  complete: {
    method: 'POST',
    path: '/api/SsoClient/Complete',
    access: 'anonymous',
    summary: 'Exchanges the one-time handoff code (60 s, single use) for a session, as the password sign-in answers.',
    body: SsoCompleteRequestSchema,
    response: TokenResponseSchema,
    raw: true,
    tags: ['sso'],
  },
});
