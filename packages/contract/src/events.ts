import { z } from 'zod';
import { IdSchema, InstantSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Live changes (DESIGN.md §13). The browser asks for a one-minute ticket (EventSource sends no
 * Authorization header), opens `GET /api/events?ticket=…` (Server-Sent Events) and refetches what
 * each event names. Every event but presence carries an SSE `id:`; a reconnect within a minute
 * sends it back as `Last-Event-ID` (or `?lastEventId=`) and gets what it missed, otherwise a `reset`.
 */
export const EVENTS_PATH = '/api/events';

/** How long a ticket opens a stream for. */
export const EVENTS_TICKET_SECONDS = 60;
/** A comment line on every open stream this often, so proxies keep it open. */
export const EVENTS_HEARTBEAT_SECONDS = 25;
/** A plan's viewer who has not said "still here" for this long is gone. */
export const PRESENCE_TIMEOUT_SECONDS = 60;
/** How often the browser says it still views a plan. */
export const PRESENCE_HEARTBEAT_SECONDS = 25;

export const LIVE_ENTITIES = [
  'MarketingPlan',
  'BudgetItem',
  'BudgetItemMonth',
  'Expense',
  'BudgetCategory',
  'Lookup',
  'Objective',
  'ObjectiveResult',
  'Expectation',
  'FunnelModel',
  'FunnelStageSetting',
  'Activity',
  'Team',
  'TeamMember',
  'Comment',
  // The marketing-ops month (DESIGN.md §14): a forecast cell (Id: its item), a baseline cell (Id: its
  // item), a budget change after the lock (reallocation, month close), a closed month (Id: its plan).
  'BudgetItemForecast',
  'BudgetItemBaseline',
  'BudgetChange',
  'PlanPeriod',
  // Dimensions (DESIGN.md §16): a campaign of the plan (saved, moved, dragged on the calendar, deleted).
  'Campaign',
] as const;
export const LiveEntitySchema = z.enum(LIVE_ENTITIES);
export type LiveEntity = z.infer<typeof LiveEntitySchema>;

/** A row of the caller's tenant that they may read changed or went (or, for Id null, many rows of one statement: Rows). */
export const LiveChangeEventSchema = z.object({
  Type: z.enum(['changed', 'deleted']),
  Entity: LiveEntitySchema,
  Id: IdSchema.nullable().describe(
    'The row (a month, forecast, baseline or expectation cell: its budget item or funnel stage; a closed month: its plan; a team membership: the person); null for a bulk change of Rows rows',
  ),
  MarketingPlanId: IdSchema.nullable().describe('The plan the row belongs to; null for tenant-wide rows (categories, lookups, teams)'),
  Version: z.number().int().nullable().describe('The row’s version after the change (before it, for deleted)'),
  Month: z.string().nullable().describe('A month cell’s month (YYYY-MM-01)'),
  Rows: z.number().int().describe('Rows the change covers (1, or a bulk change’s count)'),
  ByUserId: IdSchema.nullable(),
  ByName: z.string().nullable().describe('Who made the change, "First Last"'),
});
export type LiveChangeEvent = z.infer<typeof LiveChangeEventSchema>;

export const PlanViewerSchema = z.object({ UserId: IdSchema, Name: z.string() });
export type PlanViewer = z.infer<typeof PlanViewerSchema>;

/** Who views a plan now (each viewer's browser says so every 25 s); sent whenever it changes. */
export const PresenceEventSchema = z.object({
  Type: z.literal('presence'),
  MarketingPlanId: IdSchema,
  Viewers: z.array(PlanViewerSchema),
});

/** The stream could not replay what the browser missed (too long away, or another instance): refetch everything. */
export const ResetEventSchema = z.object({ Type: z.literal('reset') });

export const LiveEventSchema = z.discriminatedUnion('Type', [
  LiveChangeEventSchema.extend({ Type: z.literal('changed') }),
  LiveChangeEventSchema.extend({ Type: z.literal('deleted') }),
  PresenceEventSchema,
  ResetEventSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

export const EventsTicketResultSchema = z.object({
  Ticket: z.string().describe('Opens GET /api/events?ticket=… for this user and tenant only, until ExpiresAt'),
  ExpiresAt: InstantSchema,
});

export const PresenceRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Leaving: z.boolean().optional().describe('True when the page closes: the caller is no longer a viewer'),
});

export const eventsRoutes = defineRoutes({
  ticket: {
    method: 'POST',
    path: '/api/EventsClient/Ticket',
    access: 'authenticated',
    summary: `A ticket that opens the live event stream (GET ${EVENTS_PATH}?ticket=…) for ${EVENTS_TICKET_SECONDS} seconds, for the caller only.`,
    body: z.object({}).optional(),
    response: EventsTicketResultSchema,
    tags: ['events'],
  },
  presence: {
    method: 'POST',
    path: '/api/EventsClient/Presence',
    access: 'authenticated',
    summary: `The caller views this plan (say it again every ${PRESENCE_HEARTBEAT_SECONDS} s; gone after ${PRESENCE_TIMEOUT_SECONDS} s without): the plan's viewers now.`,
    body: PresenceRequestSchema,
    response: z.object({ Viewers: z.array(PlanViewerSchema) }),
    tags: ['events'],
  },
});
