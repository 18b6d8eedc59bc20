import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { stripeKeysOf } from '../stripe-sandbox/index.ts';

/**
 * A fetch that hands the SDK's requests to the app's own sandbox routes (app.inject): the real
 * `stripe` SDK, its encoding, headers and error mapping, without a network hop or a listening port
 * (tests build the app without listening).
 */
const sandboxFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST' | 'DELETE',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.body, { status: response.statusCode, headers: responseHeaders });
  };

/** The Stripe SDK against Stripe (keys configured) or against the built-in sandbox (no keys). */
export const createStripeClient = (app: FastifyInstance, ctx: AppContext): Stripe => {
  const keys = stripeKeysOf(ctx.config);
  if (ctx.config.stripe) {
    const apiUrl = ctx.config.stripe.apiUrl ? new URL(ctx.config.stripe.apiUrl) : null;
    return new Stripe(keys.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(apiUrl
        ? {
            host: apiUrl.hostname,
            port: apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80),
            protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }
  return new Stripe(keys.secretKey, {
    host: 'sandbox.plansmith.internal',
    port: 80,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(sandboxFetch(app)),
  });
};
