import { z } from 'zod';
import { IdSchema, InstantSchema, NameSchema } from './common.ts';
import { defineRoutes, type RouteDef } from './route.ts';

/**
 * API tokens (DESIGN.md §18, issue 35): a person's key for calling the API from a script, sent as
 * `Authorization: Bearer psk_…`. A token acts as its creator with the creator's rights as they are at
 * each call (none once the creator is deactivated); `read` refuses every write. Paid plans only (the
 * routes' access is Plan.Agility: Starter answers 403 naming the plan). A token cannot manage tokens,
 * sign-in, people or billing: it acts on data, not on the account's security.
 */

export const API_TOKEN_PREFIX = 'psk_';
/** At most this many days until a token expires (a year). */
export const API_TOKEN_MAX_DAYS = 365;
/** Live (not revoked, not expired) tokens one person may hold. */
export const API_TOKENS_PER_PERSON = 20;
/** Requests one token may make per minute; past it, 429 with Retry-After. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;

export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export const ApiTokenScopeSchema = z
  .enum(API_TOKEN_SCOPES, { error: "Scope must be 'read' or 'read-write'." })
  .describe("'read': refused (403) on every route that changes data; 'read-write': as the creator may");
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;
/** Stored as smallint: 1 read, 2 read-write. */
export const API_TOKEN_SCOPE_CODES: Record<ApiTokenScope, 1 | 2> = { read: 1, 'read-write': 2 };

export const READ_ONLY_TOKEN_MESSAGE = 'This API token can only read.';
export const SESSION_ONLY_MESSAGE = 'An API token cannot do this: sign in to Plansmith to manage tokens, sign-in, people or billing.';

export const ApiTokenSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Scope: ApiTokenScopeSchema,
  Prefix: z.string().describe('The first 8 characters after psk_, to recognise a token (the rest is never shown again)'),
  UserId: IdSchema.describe('Who created it: the token acts as them'),
  UserName: z.string().describe('The creator’s name'),
  CreatedAt: InstantSchema,
  ExpiresAt: InstantSchema,
  LastUsedAt: InstantSchema.nullable().describe('Updated at most once a minute'),
  RevokedAt: InstantSchema.nullable(),
  /** Derived: revoked, expired, or active. */
  Status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenCreateRequestSchema = z.object({
  Name: NameSchema.max(100, 'Name can be at most 100 characters.').describe('What the token is for, e.g. "Nightly BI export"'),
  Scope: ApiTokenScopeSchema,
  ExpiresInDays: z
    .number({ error: 'ExpiresInDays must be a whole number of days.' })
    .int('ExpiresInDays must be a whole number of days.')
    .min(1, 'A token lasts at least 1 day.')
    .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days.`),
});
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequestSchema>;

export const ApiTokenCreatedSchema = z.object({
  Id: IdSchema,
  Token: z.string().describe('psk_ + 43 characters: shown this once; only its SHA-256 hash is kept'),
});
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

export const ApiTokenRevokeRequestSchema = z.object({ Id: IdSchema });

export const apiTokenRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/ApiTokenClient/List',
    access: 'Plan.Agility',
    summary: 'The caller’s API tokens, newest first; an Admin or Owner sees every token of the account, with its creator.',
    response: z.array(ApiTokenSchema),
    tags: ['ApiTokens'],
  },
  create: {
    method: 'POST',
    path: '/api/ApiTokenClient/Create',
    access: 'Plan.Agility',
    summary: 'Creates an API token acting as the caller. The Token is shown in this answer only.',
    body: ApiTokenCreateRequestSchema,
    response: ApiTokenCreatedSchema,
    tags: ['ApiTokens'],
  },
  revoke: {
    method: 'POST',
    path: '/api/ApiTokenClient/Revoke',
    access: 'Plan.Agility',
    summary: 'Revokes a token at once (one’s own; an Admin or Owner: anyone’s). Revoking twice is a no-op.',
    body: ApiTokenRevokeRequestSchema,
    response: ApiTokenSchema,
    tags: ['ApiTokens'],
  },
});

// Reads by the verb that ends their path. The routes below change nothing although their verb is not
// a read: RebuildPlan only recomputes totals, Mentionable lists who a comment may mention, the events
// Ticket signs a ticket and Presence says who views a plan (kept in memory), Pivot computes money by
// dimensions and the audit log's Export writes CSV of what List reads.
const READ_VERB = /^(get|list|mylist|listview|userlistview|search|valid|preview)|report$/i;
const READS_DESPITE_THEIR_VERB = new Set([
  '/api/MarketingPlanClient/RebuildPlan',
  '/api/CommentsClient/Mentionable',
  '/api/EventsClient/Ticket',
  '/api/EventsClient/Presence',
  '/api/ReportClient/Pivot',
  '/api/AuditClient/Export',
]);

/**
 * Whether a route only reads: a `read` API token may call it, a Viewer's rules apply to it as a read.
 * Anything not named as a read is a write (refused to a read token): a new route errs on the safe side.
 */
export const isReadRoute = (def: Pick<RouteDef, 'path'>): boolean => {
  const verb = def.path.split('/').at(-1) ?? '';
  return READ_VERB.test(verb) || READS_DESPITE_THEIR_VERB.has(def.path);
};

// The account's security: managing tokens, single sign-on, webhooks, one's sign-in and profile.
const SESSION_ONLY_CLIENTS = ['/api/ApiTokenClient/', '/api/SsoClient/', '/api/WebhookClient/', '/api/identity/'];
// The audit log's retention (Part G): a token may read and export the log, never shorten what it keeps.
const SESSION_ONLY_PATHS = new Set(['/user/ChangePassword', '/api/UserProfileClient/MySave', '/api/AuditClient/SaveSettings']);

/**
 * Whether a route is refused to every API token, whatever its scope (403 SESSION_ONLY_MESSAGE): tokens,
 * SSO, webhooks, sign-in and password, one's profile, billing, and changes to people (invitations, roles,
 * deactivation). A person signed in through the app does these.
 */
export const isSessionOnlyRoute = (def: Pick<RouteDef, 'path' | 'access'>): boolean =>
  SESSION_ONLY_CLIENTS.some((prefix) => def.path.startsWith(prefix)) ||
  SESSION_ONLY_PATHS.has(def.path) ||
  def.access === 'Account.Billing' ||
  (def.access === 'Account.People' && !isReadRoute(def));
