import {
  type BodyOf,
  CLIENT_ID,
  ErrorBodySchema,
  identityRoutes,
  MAILBOX_JSON_PATH,
  type MailboxMessage,
  MailboxSchema,
  type ResultOf,
  type RouteDef,
} from '@plansmith/contract';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import { TEST_PASSWORD } from '../../../server/test/factories.ts';
import { createTestApp, type TestApp } from '../../../server/test/test-app.ts';
import { startSession, type UserSession } from '../shared/api/session.ts';

/** One request the web client sent, as the server received it. */
export type SentRequest = { method: string; path: string; body: unknown };

export type RealApi = {
  /** The real server (fresh in-memory PGlite, migrated) with its context, clock and factories' handle. */
  server: TestApp;
  /** What the web client sent since the last reset, in order. */
  sent: SentRequest[];
  /** Requests to this path fail like a lost connection (fetch rejects) until reset. */
  dropRequestsTo: (path: string) => void;
  /** Requests to this path wait, unsent, until the returned release is called (or reset): a slow answer. */
  holdRequestsTo: (path: string) => () => void;
  /**
   * A database outage: every statement of the server fails the way a closed PGlite does, so the
   * server answers as it does when its database is unreachable, until `endOutage`.
   */
  startOutage: () => void;
  endOutage: () => void;
  /** Forgets the sent requests and restores the network and the database. Call it after each test. */
  reset: () => void;
  /** Calls a contract route on the server directly (arranging state); answers its Result or throws the server's message. */
  call: <R extends RouteDef>(route: R, body: BodyOf<R>, accessToken?: string) => Promise<ResultOf<R>>;
  /** Signs in through the real login route and stores the session, as the login screen does. */
  signIn: (email: string, password?: string) => Promise<UserSession>;
  /** The dev mailbox (/dev/mailbox.json): the mail the server has queued, newest first. */
  mailbox: () => Promise<MailboxMessage[]>;
  close: () => Promise<void>;
};

const headersOf = (init: HeadersInit | undefined): Record<string, string> => Object.fromEntries(new Headers(init).entries());

/** A web fetch call as inject() options: method, path with query, headers and the body as bytes. */
const toInjectOptions = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<InjectOptions> => {
  if (input instanceof Request) {
    const url = new URL(input.url);
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : Buffer.from(await input.arrayBuffer());
    return {
      method: input.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: headersOf(input.headers),
      ...(body ? { payload: body } : {}),
    };
  }
  const url = new URL(String(input), 'http://localhost');
  const body = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
  return {
    method: (init.method ?? 'GET').toUpperCase() as InjectOptions['method'],
    url: `${url.pathname}${url.search}`,
    headers: headersOf(init.headers),
    ...(body ? { payload: body } : {}),
  };
};

const parseBody = (payload: InjectOptions['payload']): unknown => {
  if (!payload) return undefined;
  const text = payload.toString();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const toHeaders = (raw: Record<string, string | string[] | number | undefined>): Headers => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
};

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Runs the real server in-process and routes the web client's `fetch` to it with `app.inject()`.
 * This is only a transport: requests and answers are the server's own (routes, validation,
 * auth, database); nothing of ours is replaced. One per test file (beforeAll / afterAll).
 */
export const startRealApi = async (options: Parameters<typeof createTestApp>[0] = {}): Promise<RealApi> => {
  const server = await createTestApp(options);
  const sent: SentRequest[] = [];
  const unreachable = new Set<string>();
  const held = new Map<string, { released: Promise<void>; release: () => void }>();

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const inject = await toInjectOptions(input, init);
    const path = (inject.url as string).split('?')[0] ?? '';
    sent.push({ method: inject.method as string, path, body: parseBody(inject.payload) });
    if (unreachable.has(path.toLowerCase())) throw new TypeError('Failed to fetch');
    await held.get(path.toLowerCase())?.released;
    const answer = await server.app.inject(inject);
    return new Response(NO_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: toHeaders(answer.headers),
    });
  });

  const call: RealApi['call'] = async (route, body, accessToken) => {
    const answer = await server.app.inject({
      method: route.method,
      url: route.path,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      ...(route.method === 'POST' ? { payload: (body ?? {}) as InjectOptions['payload'] } : {}),
    });
    const json: unknown = JSON.parse(answer.body);
    if (answer.statusCode >= 400) {
      const error = ErrorBodySchema.safeParse(json);
      throw new Error(`${route.path} answered ${answer.statusCode}: ${error.success ? error.data.Message : answer.body}`);
    }
    const result = route.raw ? json : (json as { Result: unknown }).Result;
    return route.response.parse(result) as ResultOf<typeof route>;
  };

  // Every statement goes through the node-postgres pool behind Drizzle (PGlite is reached through
  // it too, apps/server/src/db/client.ts): queries through query(), transactions through connect().
  type Call = (...args: unknown[]) => Promise<unknown>;
  const pool = (server.ctx.db as unknown as { $client: { query: Call; connect: Call } }).$client;
  const healthy = { query: pool.query, connect: pool.connect };
  const down: Call = () => Promise.reject(new Error('Connection terminated unexpectedly'));
  const setOutage = (on: boolean) => {
    pool.query = on ? down : healthy.query;
    pool.connect = on ? down : healthy.connect;
  };

  return {
    server,
    sent,
    dropRequestsTo: (path) => unreachable.add(path.toLowerCase()),
    holdRequestsTo: (path) => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.set(path.toLowerCase(), { released, release });
      return release;
    },
    startOutage: () => setOutage(true),
    endOutage: () => setOutage(false),
    reset: () => {
      sent.length = 0;
      unreachable.clear();
      for (const { release } of held.values()) release();
      held.clear();
      setOutage(false);
    },
    call,
    signIn: async (email, password = TEST_PASSWORD) =>
      startSession(await call(identityRoutes.login, { Username: email, Password: password, ClientId: CLIENT_ID })),
    mailbox: async () =>
      MailboxSchema.parse(JSON.parse((await server.app.inject({ method: 'GET', url: MAILBOX_JSON_PATH })).body)).messages,
    close: async () => {
      vi.unstubAllGlobals();
      await server.close();
    },
  };
};
