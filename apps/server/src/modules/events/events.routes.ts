import { EVENTS_PATH, eventsRoutes } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { addRoute } from '../../plugins/route.ts';
import { isTenantAdmin, listVisibleTeamIds, requirePlanAccess } from '../access/index.ts';
import { CHANGES_CHANNEL, type ChangeHub, createChangeHub, type Subscriber, type SubscriberAccess } from './change-hub.ts';
import { findPlanTeam, findStreamCaller, findUserName } from './events.repository.ts';
import { createTicketService } from './ticket.ts';

const hubs = new WeakMap<FastifyInstance, ChangeHub>();

/** The app's hub of open event streams (tests and the bench read it). */
export const eventsHubOf = (app: FastifyInstance): ChangeHub => {
  const hub = hubs.get(app);
  if (!hub) throw new Error('The events module is not registered on this app.');
  return hub;
};

const TICKET_REFUSED = 'The event ticket is missing, expired or not valid: ask POST /api/EventsClient/Ticket for a new one.';

/**
 * Live changes (DESIGN.md §13): the ticket, the plan's presence, and the event stream itself
 * (GET /api/events, Server-Sent Events, outside the contract's JSON routes).
 */
export const registerEventRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const tickets = createTicketService(ctx.config.jwtSecret);
  const accessOf = async (tenantId: string, userId: string): Promise<SubscriberAccess | null> => {
    const caller = await findStreamCaller(ctx.db, tenantId, userId);
    if (!caller) return null;
    return { tokenVersion: caller.tokenVersion, admin: isTenantAdmin(caller), teamIds: await listVisibleTeamIds(ctx.db, caller) };
  };
  const hub = createChangeHub(ctx.database, {
    now: () => ctx.clock.now().getTime(),
    planTeam: (tenantId, planId) => findPlanTeam(ctx.db, tenantId, planId),
    userName: (tenantId, userId) => findUserName(ctx.db, tenantId, userId),
    access: accessOf,
    publish: async (payload) => {
      await ctx.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`);
    },
    onError: (error) => app.log.error({ err: error }, 'a live change could not be passed on'),
  });
  hubs.set(app, hub);
  // Open streams never end on their own: closing the app ends them first, or closing would wait for them.
  app.addHook('preClose', async () => hub.close());

  addRoute(app, ctx, eventsRoutes.ticket, async ({ auth }) => {
    const { ticket, expiresAt } = tickets.issue(auth, ctx.clock.now());
    return { Ticket: ticket, ExpiresAt: expiresAt.toISOString() };
  });

  addRoute(app, ctx, eventsRoutes.presence, async ({ auth, body }) => {
    await requirePlanAccess(ctx.db, auth, body.MarketingPlanId);
    return { Viewers: await hub.presence(auth.tenantId, body.MarketingPlanId, auth.userId, body.Leaving ? 'left' : 'here') };
  });

  app.get(EVENTS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const claims = typeof query.ticket === 'string' ? tickets.verify(query.ticket, ctx.clock.now()) : null;
    if (!claims) throw unauthorized(TICKET_REFUSED);
    const access = await accessOf(claims.tenantId, claims.userId);
    if (!access || access.tokenVersion !== claims.tokenVersion) throw unauthorized(TICKET_REFUSED);
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' ? header : typeof query.lastEventId === 'string' ? query.lastEventId : undefined;

    reply.hijack();
    const response = reply.raw;
    // The headers the app's hooks set (request id, security headers), which a hijacked reply does not send itself.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies that buffer answers (nginx) pass each event on at once.
      'x-accel-buffering': 'no',
    });
    // The app's 30-second idle limit is for requests; a stream is quiet between heartbeats.
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    response.write('retry: 2000\n\n');
    const subscriber: Subscriber = {
      tenantId: claims.tenantId,
      userId: claims.userId,
      tokenVersion: claims.tokenVersion,
      admin: access.admin,
      teamIds: new Set(access.teamIds),
      write: (chunk) => {
        if (!response.writableEnded) response.write(chunk);
        return response.writableLength;
      },
      end: () => {
        hub.unsubscribe(subscriber);
        if (!response.writableEnded) response.end();
      },
    };
    request.raw.on('close', () => hub.unsubscribe(subscriber));
    hub.subscribe(subscriber, lastEventId);
  });
};
