import { vi } from 'vitest';

type Answer = { status?: number; body: unknown } | 'network-error';

/**
 * Answers the app's HTTP calls by path, at the network boundary (global fetch), and records the
 * requests, so components run with the real API client, session and query code.
 */
export const fakeApi = (routes: Record<string, Answer | ((body: unknown) => Answer)>) => {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const route = routes[path];
    const answer = typeof route === 'function' ? route(body) : route;
    if (!answer) return new Response(JSON.stringify({ Result: null, Message: `No fake for ${path}` }), { status: 404 });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
};

export const ok = (result: unknown) => ({ body: { Result: result, Message: null } });
export const failure = (status: number, message: string) => ({ status, body: { Result: null, Message: message } });
