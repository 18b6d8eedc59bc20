// A webhook receiver on loopback for the tests (vitest and Playwright alike: no test-runner imports).
// It records every request (headers and the raw body) and answers the status `answer` gives.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The status of the next answers, by the request's number (0-based); 200 unless set. */
  answer: (request: ReceivedWebhook, index: number) => number;
  /** Waits until `count` requests have arrived (or `timeoutMs` passed: then throws). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

export const startWebhookReceiver = async (host = '127.0.0.1'): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    received,
    answer: () => 200,
    waitFor: async (count, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`The receiver got ${received.length} of ${count} webhooks.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = received.length;
      received.push(entry);
      response.statusCode = receiver.answer(entry, index);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...receiver,
    get answer() {
      return receiver.answer;
    },
    set answer(value) {
      receiver.answer = value;
    },
    url: `http://${host === '::1' ? '[::1]' : host}:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * Checks a Plansmith-Signature header the way a receiver would (README "Webhooks"): HMAC-SHA256 of
 * "<t>.<raw body>" with the secret, compared in constant time. Written apart from the server's code.
 */
export const verifySignature = (header: string | undefined, body: string, secret: string): { ok: boolean; t: number } => {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return { ok: given.length === expected.length && timingSafeEqual(given, expected), t };
};
