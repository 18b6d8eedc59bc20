import { randomUUID } from 'node:crypto';
import {
  EVENTS_HEARTBEAT_SECONDS,
  type LiveChangeEvent,
  type LiveEntity,
  LiveEntitySchema,
  type PlanViewer,
  PRESENCE_TIMEOUT_SECONDS,
} from '@plansmith/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { IDENTITY_CHANNEL } from '../../db/tenant-row-cache.ts';

/** Where migration 0990's triggers announce committed changes, and instances announce presence. */
export const CHANGES_CHANNEL = 'plansmith_changes';

/** How long a reconnecting browser can be away and still be given what it missed. */
const REPLAY_MS = 60_000;
const RING_MAX = 10_000;
/** A stream that cannot keep up (this much unsent) is closed; its browser reconnects and replays. */
const MAX_UNSENT_BYTES = 1024 * 1024;
const CACHE_MAX = 100_000;
const PRESENCE_SWEEP_MS = 5_000;

const NoticeSchema = z.object({
  t: z.uuid(),
  e: z.union([LiveEntitySchema, z.literal('Presence')]),
  o: z.enum(['changed', 'deleted', 'bulk', 'here', 'left']),
  i: z.string().nullish(),
  p: z.uuid().nullish(),
  tm: z.uuid().nullish(),
  v: z.number().int().nullish(),
  m: z.string().nullish(),
  a: z.uuid().nullish(),
  n: z.number().int().nullish(),
  /** The instance that sent a presence notice (it applied it already). */
  b: z.string().nullish(),
});
type Notice = z.infer<typeof NoticeSchema>;

/** What a subscriber may read: everything of the tenant (Owner, Admin) or their teams' plans. */
export type SubscriberAccess = { tokenVersion: number; admin: boolean; teamIds: string[] };

export type Subscriber = {
  tenantId: string;
  userId: string;
  tokenVersion: number;
  admin: boolean;
  teamIds: Set<string>;
  /** Writes to the stream; answers how many bytes are still unsent. */
  write: (chunk: string) => number;
  end: () => void;
};

/** The database lookups the hub needs (events.repository.ts), apart so the hub stays about streams. */
export type HubSource = {
  now: () => number;
  planTeam: (tenantId: string, planId: string) => Promise<string | null>;
  userName: (tenantId: string, userId: string) => Promise<string | null>;
  /** The user's current access, or null when they may no longer sign in. */
  access: (tenantId: string, userId: string) => Promise<SubscriberAccess | null>;
  /** Sends a presence notice to every instance. */
  publish: (payload: string) => Promise<void>;
  onError: (error: unknown) => void;
};

/** undefined: tenant-wide (categories, lookups); null: a plan whose team is unknown (Owners and Admins only). */
type Audience = string | null | undefined;
type Entry = { seq: number; at: number; tenantId: string; teamId: Audience; frame: string };

const canSee = (subscriber: Subscriber, teamId: Audience): boolean =>
  teamId === undefined || subscriber.admin || (teamId !== null && subscriber.teamIds.has(teamId));

const remember = <V>(map: Map<string, V>, key: string, value: V) => {
  map.set(key, value);
  if (map.size > CACHE_MAX) map.delete(map.keys().next().value as string);
};

export type ChangeHub = ReturnType<typeof createChangeHub>;

/**
 * One instance's open event streams (DESIGN.md §13). Every committed change arrives as a NOTIFY on
 * CHANGES_CHANNEL from whichever instance (or hand-typed statement) made it; the hub names who made
 * it, numbers it, keeps it a minute for reconnects, and writes it to the streams of its tenant
 * whose user may read its plan (team visibility as modules/access decides it). Notices are handled
 * one at a time, in the order they arrive.
 */
export const createChangeHub = (database: Database, source: HubSource) => {
  const bootId = randomUUID().slice(0, 8);
  let seq = 0;
  /** Events after this number may have been missed (the listening connection was down). */
  let gapSeq = 0;
  const ring: Entry[] = [];
  const subscribers = new Map<string, Set<Subscriber>>();
  const planTeams = new Map<string, string | null>();
  const names = new Map<string, string | null>();
  const presence = new Map<string, Map<string, number>>();
  let chain: Promise<void> = Promise.resolve();

  const tenantSubscribers = (tenantId: string): Iterable<Subscriber> => subscribers.get(tenantId) ?? [];

  const send = (subscriber: Subscriber, chunk: string) => {
    if (subscriber.write(chunk) > MAX_UNSENT_BYTES) subscriber.end();
  };

  const nameOf = async (tenantId: string, userId: string): Promise<string | null> => {
    const key = `${tenantId}:${userId}`;
    if (names.has(key)) return names.get(key) ?? null;
    const name = await source.userName(tenantId, userId);
    remember(names, key, name);
    return name;
  };

  const teamOfPlan = async (tenantId: string, planId: string): Promise<string | null> => {
    const key = `${tenantId}:${planId}`;
    const known = planTeams.get(key);
    if (known) return known;
    const teamId = await source.planTeam(tenantId, planId);
    if (teamId) remember(planTeams, key, teamId);
    return teamId;
  };

  const refreshAccess = async (subscriber: Subscriber): Promise<void> => {
    const access = await source.access(subscriber.tenantId, subscriber.userId);
    if (!access || access.tokenVersion !== subscriber.tokenVersion) {
      subscriber.end();
      return;
    }
    subscriber.admin = access.admin;
    subscriber.teamIds = new Set(access.teamIds);
  };

  const publishEntry = (tenantId: string, teamId: Audience, event: LiveChangeEvent | { Type: 'reset' }) => {
    seq += 1;
    const entry: Entry = { seq, at: source.now(), tenantId, teamId, frame: `id: ${bootId}.${seq}\ndata: ${JSON.stringify(event)}\n\n` };
    ring.push(entry);
    const oldest = entry.at - REPLAY_MS;
    while (ring.length > RING_MAX || (ring[0] && ring[0].at < oldest)) ring.shift();
    for (const subscriber of tenantSubscribers(tenantId)) if (canSee(subscriber, teamId)) send(subscriber, entry.frame);
  };

  const viewersOf = async (tenantId: string, planId: string): Promise<PlanViewer[]> => {
    const here = presence.get(`${tenantId}:${planId}`);
    if (!here) return [];
    const viewers: PlanViewer[] = [];
    for (const userId of here.keys()) viewers.push({ UserId: userId, Name: (await nameOf(tenantId, userId)) ?? 'Someone' });
    return viewers.sort((a, b) => a.Name.localeCompare(b.Name));
  };

  const broadcastPresence = async (tenantId: string, planId: string) => {
    const teamId = await teamOfPlan(tenantId, planId);
    const frame = `data: ${JSON.stringify({ Type: 'presence', MarketingPlanId: planId, Viewers: await viewersOf(tenantId, planId) })}\n\n`;
    for (const subscriber of tenantSubscribers(tenantId)) if (canSee(subscriber, teamId)) send(subscriber, frame);
  };

  /** Records that a user views (here) or left a plan; tells the plan's readers when the viewers changed. */
  const applyPresence = async (tenantId: string, planId: string, userId: string, op: 'here' | 'left') => {
    const key = `${tenantId}:${planId}`;
    const here = presence.get(key) ?? new Map<string, number>();
    const wasHere = here.has(userId);
    if (op === 'here') here.set(userId, source.now());
    else here.delete(userId);
    if (here.size > 0) presence.set(key, here);
    else presence.delete(key);
    if (wasHere !== (op === 'here')) await broadcastPresence(tenantId, planId);
  };

  const handle = async (notice: Notice) => {
    const tenantId = notice.t;
    if (notice.e === 'Presence') {
      if (notice.b !== bootId && notice.p && notice.a && (notice.o === 'here' || notice.o === 'left'))
        await applyPresence(tenantId, notice.p, notice.a, notice.o);
      return;
    }
    const entity: LiveEntity = notice.e;
    const planId = notice.p ?? null;
    let teamId: Audience;
    if (entity === 'MarketingPlan' && planId && notice.tm) {
      teamId = notice.tm;
      if (notice.o === 'deleted') planTeams.delete(`${tenantId}:${planId}`);
      else remember(planTeams, `${tenantId}:${planId}`, notice.tm);
    } else if (planId) teamId = await teamOfPlan(tenantId, planId);
    else if (notice.tm) teamId = notice.tm;
    if (entity === 'TeamMember' || entity === 'Team')
      for (const subscriber of tenantSubscribers(tenantId))
        if (entity === 'Team' || subscriber.userId === notice.i) await refreshAccess(subscriber);
    const byUserId = notice.a ?? null;
    publishEntry(tenantId, teamId, {
      Type: notice.o === 'deleted' ? 'deleted' : 'changed',
      Entity: entity,
      Id: notice.o === 'bulk' ? null : (notice.i ?? null),
      MarketingPlanId: planId,
      Version: notice.v ?? null,
      Month: notice.m ?? null,
      Rows: notice.n ?? 1,
      ByUserId: byUserId,
      ByName: byUserId ? await nameOf(tenantId, byUserId) : null,
    });
  };

  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch(source.onError);
  };

  database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      const notice = NoticeSchema.safeParse(parsed);
      if (notice.success) enqueue(() => handle(notice.data));
    },
    (live) => {
      if (live) return;
      // Changes committed while the connection is down never arrive: every open screen refetches.
      enqueue(async () => {
        gapSeq = seq;
        const frame = `data: ${JSON.stringify({ Type: 'reset' })}\n\n`;
        for (const tenant of subscribers.values()) for (const subscriber of tenant) send(subscriber, frame);
      });
    },
  );
  database.listen(
    IDENTITY_CHANNEL,
    (tenantId) =>
      enqueue(async () => {
        for (const key of names.keys()) if (key.startsWith(`${tenantId}:`)) names.delete(key);
        for (const subscriber of tenantSubscribers(tenantId)) await refreshAccess(subscriber);
      }),
    () => undefined,
  );

  const sweep = async () => {
    const oldest = source.now() - PRESENCE_TIMEOUT_SECONDS * 1000;
    for (const [key, here] of [...presence]) {
      const gone = [...here].filter(([, seenAt]) => seenAt < oldest).map(([userId]) => userId);
      if (gone.length === 0) continue;
      const [tenantId = '', planId = ''] = key.split(':');
      for (const userId of gone) here.delete(userId);
      if (here.size === 0) presence.delete(key);
      await broadcastPresence(tenantId, planId);
    }
  };

  const heartbeat = setInterval(() => {
    for (const tenant of subscribers.values()) for (const subscriber of tenant) send(subscriber, ': heartbeat\n\n');
  }, EVENTS_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  const sweeper = setInterval(() => enqueue(sweep), PRESENCE_SWEEP_MS);
  sweeper.unref();

  return {
    /** Opens a subscriber's stream: what it missed since `lastEventId` when that is still known, else a reset. */
    subscribe: (subscriber: Subscriber, lastEventId: string | undefined) => {
      const tenant = subscribers.get(subscriber.tenantId) ?? new Set<Subscriber>();
      tenant.add(subscriber);
      subscribers.set(subscriber.tenantId, tenant);
      if (!lastEventId) return;
      const [boot, number] = lastEventId.split('.');
      const lastSeq = Number(number);
      const first = ring[0];
      const replayable =
        boot === bootId &&
        Number.isInteger(lastSeq) &&
        lastSeq >= gapSeq &&
        lastSeq <= seq &&
        (first ? first.seq <= lastSeq + 1 : lastSeq === seq);
      if (!replayable) {
        send(subscriber, `data: ${JSON.stringify({ Type: 'reset' })}\n\n`);
        return;
      }
      for (const entry of ring)
        if (entry.seq > lastSeq && entry.tenantId === subscriber.tenantId && canSee(subscriber, entry.teamId))
          send(subscriber, entry.frame);
    },
    unsubscribe: (subscriber: Subscriber) => {
      const tenant = subscribers.get(subscriber.tenantId);
      tenant?.delete(subscriber);
      if (tenant?.size === 0) subscribers.delete(subscriber.tenantId);
    },
    /** The caller views (or left) a plan: recorded here at once, and announced to every instance. */
    presence: async (tenantId: string, planId: string, userId: string, op: 'here' | 'left'): Promise<PlanViewer[]> => {
      await applyPresence(tenantId, planId, userId, op);
      await source.publish(JSON.stringify({ t: tenantId, e: 'Presence', o: op, p: planId, a: userId, b: bootId }));
      return viewersOf(tenantId, planId);
    },
    /** Drops viewers not heard from for a minute (runs every few seconds; tests call it after moving the clock). */
    sweep: () => {
      enqueue(sweep);
      return chain;
    },
    /** Resolves once every notice received so far is handled. */
    settled: () => chain,
    streams: () => {
      let count = 0;
      for (const tenant of subscribers.values()) count += tenant.size;
      return count;
    },
    close: () => {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      for (const tenant of subscribers.values()) for (const subscriber of tenant) subscriber.end();
      subscribers.clear();
    },
  };
};
