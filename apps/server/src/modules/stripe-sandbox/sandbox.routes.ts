import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type FormObject, formString, parseFormBody } from './form-body.ts';
import { createSandboxResources, StripeApiError } from './sandbox.resources.ts';
import {
  findIdempotentResponse,
  IN_PROGRESS,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  saveIdempotentResponse,
} from './sandbox.store.ts';
import { stripeKeysOf } from './sandbox-keys.ts';
import { deliverSandboxEvents } from './webhook-delivery.ts';

type Caller = 'secret' | 'publishable';
type Params = { id: string };
type Handler = (input: { id: string; form: FormObject; caller: Caller }) => Promise<Record<string, unknown>>;

/** The fields a publishable key may read of a SetupIntent (as Stripe.js sees it). */
const publicSetupIntent = (intent: Record<string, unknown>) => ({
  id: intent.id,
  object: intent.object,
  client_secret: intent.client_secret,
  status: intent.status,
  usage: intent.usage,
  payment_method: intent.payment_method,
  last_setup_error: intent.last_setup_error,
  next_action: intent.next_action,
  livemode: false,
});

/**
 * The payment sandbox (DESIGN.md §1, §8): the subset of Stripe's REST API Plansmith uses, under
 * /v1 on the app itself, only when no Stripe keys are configured and never in production. The
 * server's Stripe SDK reaches it in-process (see payments/stripe-client.ts); the sandbox card form
 * in the browser confirms SetupIntents here with the publishable key and the client secret.
 * Objects live in stripe_sandbox_objects; events are signed with the sandbox webhook secret and
 * delivered to our webhook endpoint.
 */
export const registerStripeSandbox = (app: FastifyInstance, ctx: AppContext): void => {
  const keys = stripeKeysOf(ctx.config);
  const resources = createSandboxResources(ctx.db, () => ctx.clock.now());
  const autoDeliver = ctx.config.nodeEnv !== 'test';

  app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, parseFormBody(String(body)));
      });
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof StripeApiError) return reply.status(error.status).send({ error: error.error });
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status < 500) return reply.status(status).send({ error: { type: 'invalid_request_error', message: (error as Error).message } });
        scope.log.error({ err: error }, 'sandbox request failed');
        return reply.status(500).send({ error: { type: 'api_error', message: 'The sandbox failed to handle the request.' } });
      });
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        reply.header('Request-Id', `req_sandbox_${Date.now().toString(36)}`);
        return payload;
      });
      if (autoDeliver) {
        scope.addHook('onResponse', async () => {
          setImmediate(
            () =>
              void deliverSandboxEvents(app, ctx).catch((error: unknown) =>
                app.log.warn({ err: error }, 'sandbox webhook delivery failed'),
              ),
          );
        });
      }

      const callerOf = (request: FastifyRequest, form: FormObject): Caller => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? formString(form.key);
        if (bearer === keys.secretKey) return 'secret';
        if (bearer === keys.publishableKey) return 'publishable';
        throw new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      };

      const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler, allowPublishable = false) => {
        scope.route<{ Params: Params }>({
          method,
          url,
          schema: { hide: true },
          handler: async (request, reply: FastifyReply) => {
            const form =
              method === 'GET' ? parseFormBody(request.url.split('?')[1] ?? '') : ((request.body as FormObject | undefined) ?? {});
            const caller = callerOf(request, form);
            if (caller === 'publishable' && !allowPublishable) {
              throw new StripeApiError(403, {
                type: 'invalid_request_error',
                message: 'This API call cannot be made with a publishable API key.',
              });
            }
            const key = request.headers['idempotency-key'];
            if (method !== 'GET' && caller === 'secret' && typeof key !== 'string') {
              // Plansmith sends an idempotency key with every POST; the sandbox holds it to that.
              throw new StripeApiError(400, {
                type: 'invalid_request_error',
                message: 'The sandbox requires an Idempotency-Key header on every POST.',
              });
            }
            const fingerprint = createHash('sha256')
              .update(`${method} ${request.url} ${JSON.stringify(form)}`)
              .digest('hex');
            const holdsKey = typeof key === 'string' ? await reserveIdempotencyKey(ctx.db, key, fingerprint) : false;
            if (typeof key === 'string' && !holdsKey) {
              const stored = await findIdempotentResponse(ctx.db, key);
              if (stored && stored.fingerprint !== fingerprint) {
                throw new StripeApiError(400, {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                });
              }
              if (!stored || stored.status === IN_PROGRESS) {
                throw new StripeApiError(409, {
                  type: 'idempotency_error',
                  message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
                });
              }
              return reply.status(stored.status).header('Idempotent-Replayed', 'true').send(stored.body);
            }
            let status = 200;
            let body: unknown;
            try {
              body = await handler({ id: request.params.id, form, caller });
            } catch (error) {
              if (holdsKey && typeof key === 'string') {
                if (error instanceof StripeApiError && error.status < 500) {
                  await saveIdempotentResponse(ctx.db, key, { status: error.status, body: { error: error.error } });
                } else {
                  await releaseIdempotencyKey(ctx.db, key);
                }
              }
              if (!(error instanceof StripeApiError)) throw error;
              status = error.status;
              body = { error: error.error };
              return reply.status(status).send(body);
            }
            if (holdsKey && typeof key === 'string') await saveIdempotentResponse(ctx.db, key, { status, body });
            return reply.status(status).send(body);
          },
        });
      };

      const checkClientSecret = (intent: Record<string, unknown>, form: FormObject) => {
        if (formString(form.client_secret) !== intent.client_secret) {
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            message: 'The client_secret provided does not match the client_secret associated with the SetupIntent.',
            param: 'client_secret',
          });
        }
      };

      route('POST', '/customers', ({ form }) => resources.createCustomer(form));
      route('GET', '/customers/:id', ({ id }) => resources.getCustomer(id));
      route('POST', '/customers/:id', ({ id, form }) => resources.updateCustomer(id, form));
      route('POST', '/setup_intents', ({ form }) => resources.createSetupIntent(form));
      route(
        'GET',
        '/setup_intents/:id',
        async ({ id, form, caller }) => {
          const intent = await resources.getSetupIntent(id);
          if (caller === 'secret') return intent;
          checkClientSecret(intent, form);
          return publicSetupIntent(intent);
        },
        true,
      );
      route('POST', '/setup_intents/:id', ({ id, form }) => resources.updateSetupIntent(id, form));
      route(
        'POST',
        '/setup_intents/:id/confirm',
        async ({ id, form, caller }) => {
          if (caller === 'publishable') checkClientSecret(await resources.getSetupIntent(id), form);
          try {
            const intent = await resources.confirmSetupIntent(id, form);
            return caller === 'secret' ? intent : publicSetupIntent(intent);
          } catch (error) {
            if (error instanceof StripeApiError && caller === 'publishable' && error.error.setup_intent) {
              throw new StripeApiError(error.status, {
                ...error.error,
                setup_intent: publicSetupIntent(error.error.setup_intent as Record<string, unknown>),
              });
            }
            throw error;
          }
        },
        true,
      );
      route('GET', '/payment_methods/:id', ({ id }) => resources.getPaymentMethod(id));
      route('GET', '/prices/:id', ({ id }) => resources.getPrice(id));
      route('POST', '/subscriptions', ({ form }) => resources.createSubscription(form));
      route('GET', '/subscriptions/:id', ({ id }) => resources.getSubscription(id));
      route('POST', '/subscriptions/:id', ({ id, form }) => resources.updateSubscription(id, form));
      route('DELETE', '/subscriptions/:id', ({ id }) => resources.cancelSubscription(id));
      route('GET', '/invoices', ({ form }) => resources.listInvoices(form));
      route('GET', '/invoices/:id', ({ id }) => resources.getInvoice(id));
      route('POST', '/invoices/create_preview', ({ form }) => resources.previewInvoice(form));
    },
    { prefix: '/v1' },
  );
};
