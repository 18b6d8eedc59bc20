import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as the browser's EventSource would hand it over: its id (if any) and parsed data. */
export type StreamEvent = { id: string | null; data: Record<string, unknown>; receivedAt: number };

export type EventStream = {
  status: number;
  /** The JSON body when the stream was refused. */
  refusal: unknown;
  events: StreamEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** The first event (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  next: (match: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  close: () => void;
};

/** The base URL of a listening app (listens on a free loopback port the first time). */
export const listeningUrl = async (app: FastifyInstance): Promise<string> => {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const listening = app.server.address();
  if (!listening || typeof listening !== 'object') throw new Error('the app does not listen');
  return `http://127.0.0.1:${listening.port}`;
};

/** Opens GET /api/events as a browser would (node:http, so hundreds can be open in one process). */
export const openEventStream = (
  baseUrl: string,
  ticket: string,
  options: { lastEventId?: string; agent?: http.Agent; onEvent?: (event: StreamEvent) => void } = {},
): Promise<EventStream> =>
  new Promise((resolve, reject) => {
    const waiters: { match: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }[] = [];
    const stream: EventStream = {
      status: 0,
      refusal: null,
      events: [],
      comments: 0,
      next: (match, timeoutMs = 3000) => {
        const seen = stream.events.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolveNext, rejectNext) => {
          const timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            rejectNext(
              new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(stream.events.map((e) => e.data))}`),
            );
          }, timeoutMs);
          const waiter = {
            match,
            resolve: (event: StreamEvent) => {
              clearTimeout(timer);
              resolveNext(event);
            },
          };
          waiters.push(waiter);
        });
      },
      close: () => request.destroy(),
    };
    const url = new URL(`/api/events?ticket=${encodeURIComponent(ticket)}`, baseUrl);
    const request = http.get(
      url,
      {
        agent: options.agent ?? false,
        headers: { accept: 'text/event-stream', ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
      },
      (response) => {
        stream.status = response.statusCode ?? 0;
        response.setEncoding('utf8');
        if (stream.status !== 200) {
          let body = '';
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            stream.refusal = JSON.parse(body || 'null');
            resolve(stream);
          });
          return;
        }
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let id: string | null = null;
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) stream.comments += 1;
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (!data) continue;
            const event: StreamEvent = { id, data: JSON.parse(data), receivedAt: performance.now() };
            if (options.onEvent) options.onEvent(event);
            else stream.events.push(event);
            for (const waiter of [...waiters])
              if (waiter.match(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(event);
              }
          }
        });
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    request.on('error', (error) => {
      if (stream.status === 0) reject(error);
    });
  });
