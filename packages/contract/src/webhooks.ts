import { z } from 'zod';
import { IdSchema, InstantSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Webhooks (DESIGN.md §18, issue 35 part C): an Owner or Admin of a paid account registers URLs that
 * receive a signed POST for each event they chose. Events are written to an outbox inside the
 * transaction that changed the data (a rolled-back write sends nothing) and delivered by every server
 * instance's dispatcher (each delivery once), retried with exponential backoff for 24 hours.
 */

/** What a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'budget_item.created',
  'budget_item.updated',
  'budget_item.deleted',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'approval.decided',
  'month.closed',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}.` });
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** The event "Send test" delivers; never subscribed to. */
export const WEBHOOK_PING_EVENT = 'ping' as const;
export const WebhookDeliveryEventSchema = z.enum([...WEBHOOK_EVENTS, WEBHOOK_PING_EVENT]);
export type WebhookDeliveryEvent = z.infer<typeof WebhookDeliveryEventSchema>;

/** The events grouped as the screen shows them. */
export const WEBHOOK_EVENT_GROUPS: readonly { label: string; events: readonly WebhookEvent[] }[] = [
  { label: 'Expenses', events: ['expense.created', 'expense.updated', 'expense.deleted'] },
  { label: 'Budget items', events: ['budget_item.created', 'budget_item.updated', 'budget_item.deleted'] },
  { label: 'Plans', events: ['plan.created', 'plan.updated', 'plan.deleted'] },
  { label: 'Approvals', events: ['approval.decided'] },
  { label: 'Month close', events: ['month.closed'] },
];

export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryEvent, string> = {
  'expense.created': 'Expense created',
  'expense.updated': 'Expense updated',
  'expense.deleted': 'Expense deleted',
  'budget_item.created': 'Budget item created',
  'budget_item.updated': 'Budget item updated',
  'budget_item.deleted': 'Budget item deleted',
  'plan.created': 'Plan created',
  'plan.updated': 'Plan updated',
  'plan.deleted': 'Plan deleted',
  'approval.decided': 'Approval decided',
  'month.closed': 'Month closed',
  ping: 'Test (ping)',
};

/** At most this many webhooks per account. */
export const WEBHOOKS_PER_TENANT = 10;
/** The signing secret: this prefix + 32 random bytes in base64url. Shown on create and on rotation only. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'Plansmith-Signature';
export const WEBHOOK_EVENT_HEADER = 'Plansmith-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Plansmith-Delivery';
/** A receiver has this long to answer (2xx = delivered). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Retries: after attempt n the next waits BASE · 2^(n−1) seconds, at most MAX; past WINDOW hours from the event, failed. */
export const WEBHOOK_RETRY_BASE_SECONDS = 30;
export const WEBHOOK_RETRY_MAX_SECONDS = 4 * 60 * 60;
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
export const WEBHOOK_DELIVERIES_MAX_PAGE_SIZE = 100;

/** The wait before the attempt after attempt `attempt` (1-based) failed. */
export const webhookRetryDelaySeconds = (attempt: number): number =>
  Math.min(WEBHOOK_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempt - 1), WEBHOOK_RETRY_MAX_SECONDS);

/** Messages of the webhooks' refusals. */
export const WEBHOOK_PLAN_MESSAGE =
  'Webhooks are part of the paid plans (Agility, Performance and Enterprise). Ask your account Owner to upgrade on the Billing page.';
export const WEBHOOK_LIMIT_MESSAGE = `An account can have at most ${WEBHOOKS_PER_TENANT} webhooks: delete one first.`;
export const WEBHOOK_HTTPS_MESSAGE = 'The URL must start with https://.';
export const WEBHOOK_PRIVATE_ADDRESS_MESSAGE =
  'The URL must reach a public address: private, loopback and link-local networks are refused.';
export const WEBHOOK_SECRET_KEY_MESSAGE =
  'Set SSO_SECRET_KEY on the server to create webhooks: their signing secrets are kept encrypted with it.';

export const WebhookUrlSchema = z
  .string({ error: 'Url is required.' })
  .trim()
  .min(1, 'Url is required.')
  .max(2000, 'Url can be at most 2000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Url must be a full http(s) address without a user name or password, e.g. https://example.com/hooks/plansmith.')
  .describe('https (http is allowed outside production); in production its host must resolve to a public address');

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookLastDeliverySchema = z.object({
  At: InstantSchema.describe('When it was last attempted (or created, while pending and not yet attempted)'),
  Status: WebhookDeliveryStatusSchema,
  ResponseStatus: z.number().int().nullable().describe('The receiver’s HTTP status; null when it did not answer'),
  Attempts: z.number().int().describe('Attempts so far: 0 for a pending delivery not tried yet (the screen says Pending, not Retrying)'),
});

export const WebhookSchema = z.object({
  Id: IdSchema,
  Url: z.string(),
  Events: z.array(WebhookEventSchema),
  Active: z.boolean().describe('An inactive webhook receives nothing (Test still sends)'),
  Description: z.string().nullable(),
  CreatedAt: InstantSchema,
  Version: RowVersionSchema,
  LastDelivery: WebhookLastDeliverySchema.nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Url: WebhookUrlSchema,
    Events: z
      .array(WebhookEventSchema, { error: 'Events must be a list of event names.' })
      .min(1, 'Choose at least one event.')
      .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)))
      .describe('Duplicates are dropped; kept in the order of WEBHOOK_EVENTS'),
    Active: z.boolean().default(true),
    Description: z
      .string()
      .trim()
      .max(500, 'Description can be at most 500 characters.')
      .nullish()
      .transform((value) => (value ? value : null)),
    RotateSecret: z.boolean().optional().describe('True: a new signing secret replaces the old one at once and is answered once'),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);
export type WebhookSaveRequest = z.input<typeof WebhookSaveRequestSchema>;

export const WebhookSavedSchema = z.object({
  Webhook: WebhookSchema,
  Secret: z.string().nullable().describe('whsec_… on create and on RotateSecret: shown this once (kept encrypted); null otherwise'),
});
export type WebhookSaved = z.infer<typeof WebhookSavedSchema>;

export const WebhookDeleteRequestSchema = z.object({ Id: IdSchema, Version: VersionSchema });
export const WebhookTestRequestSchema = z.object({ Id: IdSchema });

export const WebhookDeliverySchema = z.object({
  Id: IdSchema.describe('Sent as the Plansmith-Delivery header'),
  EventId: IdSchema.describe('The body’s Id: the same event delivered to two webhooks has one EventId'),
  Event: WebhookDeliveryEventSchema,
  Status: WebhookDeliveryStatusSchema,
  Attempts: z.number().int(),
  ResponseStatus: z.number().int().nullable(),
  ResponseMs: z.number().int().nullable().describe('How long the last attempt took'),
  Error: z.string().nullable().describe('Why the last attempt failed (no answer, timeout, refused address, HTTP status)'),
  CreatedAt: InstantSchema,
  DeliveredAt: InstantSchema.nullable(),
  NextAttemptAt: InstantSchema.nullable().describe('While pending: when it is tried next'),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesRequestSchema = z.object({
  WebhookId: IdSchema,
  Page: z.number().int().min(1, 'Page starts at 1.').default(1),
  PageSize: z
    .number()
    .int()
    .min(1)
    .max(WEBHOOK_DELIVERIES_MAX_PAGE_SIZE, `PageSize can be at most ${WEBHOOK_DELIVERIES_MAX_PAGE_SIZE}.`)
    .default(20),
});
export type WebhookDeliveriesRequest = z.input<typeof WebhookDeliveriesRequestSchema>;

export const WebhookDeliveryPageSchema = z.object({
  Items: z.array(WebhookDeliverySchema).describe('Newest first'),
  Total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

// ---- What a receiver gets -------------------------------------------------------------------------

/** An expense as events carry it. Amounts are decimals: Amount in Currency, BaseAmount in the account's base. */
export const WebhookExpenseDataSchema = z.object({
  Id: IdSchema,
  MarketingPlanId: IdSchema,
  BudgetItemId: IdSchema.nullable(),
  Name: z.string(),
  Payee: z.string().nullable(),
  Description: z.string().nullable(),
  PurchaseOrder: z.string().nullable(),
  PurchaseDate: z.string().describe('YYYY-MM-DD'),
  Currency: z.string(),
  Amount: z.number(),
  BaseAmount: z.number(),
  Status: z.number().int().describe('1 planned, 2 committed, 3 actual'),
  CategoryType: z.number().int(),
  Active: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: InstantSchema,
});
export const WebhookBudgetItemDataSchema = z.object({
  Id: IdSchema,
  MarketingPlanId: IdSchema,
  BudgetCategoryId: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Currency: z.string(),
  Amount: z.number(),
  BaseAmount: z.number(),
  Active: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: InstantSchema,
});
export const WebhookPlanDataSchema = z.object({
  Id: IdSchema,
  TeamId: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Active: z.boolean(),
  State: z.number().int(),
  StartDate: z.string(),
  EndDate: z.string(),
  Currency: z.string(),
  Version: z.number().int(),
  UpdatedAt: InstantSchema,
});
export const WebhookApprovalDataSchema = z.object({
  Id: IdSchema,
  Kind: z.enum(['expense', 'budget_change']),
  MarketingPlanId: IdSchema,
  ExpenseId: IdSchema.nullable(),
  BudgetItemId: IdSchema.nullable(),
  What: z.string(),
  BaseAmount: z.number(),
  Decision: z.enum(['approved', 'rejected']),
  DecidedBy: IdSchema.nullable(),
  DecidedAt: InstantSchema.nullable(),
  Note: z.string().nullable(),
});
export const WebhookMonthClosedDataSchema = z.object({
  MarketingPlanId: IdSchema,
  Month: z.string().describe('YYYY-MM'),
  Unspent: z.enum(['roll_forward', 'release']),
  ClosedBy: IdSchema.nullable(),
  ClosedAt: InstantSchema,
});
export const WebhookPingDataSchema = z.object({ WebhookId: IdSchema, Message: z.string() });

/**
 * The JSON body POSTed to a webhook. `*.deleted` carries the row as it was last (same shape as
 * created/updated). Verify `Plansmith-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"
 * keyed with the secret>` and reject a `t` far from now.
 */
export const WebhookPayloadSchema = z.object({
  Id: IdSchema.describe('The event’s id: the same across retries, so a receiver can drop repeats'),
  Type: WebhookDeliveryEventSchema,
  CreatedAt: InstantSchema,
  TenantId: IdSchema,
  Data: z.union([
    WebhookExpenseDataSchema,
    WebhookBudgetItemDataSchema,
    WebhookPlanDataSchema,
    WebhookApprovalDataSchema,
    WebhookMonthClosedDataSchema,
    WebhookPingDataSchema,
  ]),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

const ACCESS_NOTE =
  'Owners and Admins of a paid account (Starter answers 403 naming the plans); an API token is refused (sign in to manage webhooks).';

export const webhookRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/WebhookClient/List',
    access: 'Account.Settings',
    summary: `The account’s webhooks, oldest first, each with its last delivery. ${ACCESS_NOTE}`,
    response: z.array(WebhookSchema),
    tags: ['webhooks'],
  },
  save: {
    method: 'POST',
    path: '/api/WebhookClient/Save',
    access: 'Account.Settings',
    summary: `Creates (empty Id; at most ${WEBHOOKS_PER_TENANT}) or changes a webhook. Secret is answered on create and on RotateSecret only. ${ACCESS_NOTE}`,
    body: WebhookSaveRequestSchema,
    response: WebhookSavedSchema,
    tags: ['webhooks'],
  },
  delete: {
    method: 'POST',
    path: '/api/WebhookClient/Delete',
    access: 'Account.Settings',
    summary: `Deletes a webhook and its delivery log; pending deliveries are not sent. ${ACCESS_NOTE}`,
    body: WebhookDeleteRequestSchema,
    response: z.boolean(),
    tags: ['webhooks'],
  },
  test: {
    method: 'POST',
    path: '/api/WebhookClient/Test',
    access: 'Account.Settings',
    summary: `Sends a ping to the webhook now (active or not) and answers the delivery as attempted (a failed ping is retried like any delivery). ${ACCESS_NOTE}`,
    body: WebhookTestRequestSchema,
    response: WebhookDeliverySchema,
    tags: ['webhooks'],
  },
  deliveries: {
    method: 'POST',
    path: '/api/WebhookClient/Deliveries',
    access: 'Account.Settings',
    summary: `A webhook’s delivery log, newest first, one page. ${ACCESS_NOTE}`,
    body: WebhookDeliveriesRequestSchema,
    response: WebhookDeliveryPageSchema,
    tags: ['webhooks'],
  },
});
