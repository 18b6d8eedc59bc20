import {
  type Access,
  envelope,
  isReadRoute,
  isSessionOnlyRoute,
  READ_ONLY_TOKEN_MESSAGE,
  SESSION_ONLY_MESSAGE,
  ErrorBodySchema,
  type ParsedBodyOf,
  type ResultOf,
  type RouteDef,
} from '@plansmith/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { type AuthContext, authenticate, requireAuth } from './auth.ts';
import { deniedMessage, isAccessGranted } from './permissions.ts';
import { forbidden } from '../lib/http-errors.ts';
import { runAsActor } from '../db/actor.ts';

export type HandlerInput<R extends RouteDef> = {
  body: ParsedBodyOf<R>;
  auth: R['access'] extends 'anonymous' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A route's Result already written as JSON from the contract's types (an import preview, written by the
 * worker that built it): sent as it is. Checking and writing 20,000 rows again here held the request
 * thread for about a second (issue 29).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export type Handler<R extends RouteDef> = (input: HandlerInput<R>) => Promise<ResultOf<R> | JsonText>;

/**
 * What an API token may not do whatever its creator may (DESIGN.md §18): anything on Starter (tokens
 * are for paid plans), the account's security (tokens, SSO, webhooks, sign-in, people, billing), and
 * with the `read` scope every write.
 */
const checkApiToken = (def: RouteDef, auth: AuthContext): void => {
  if (!auth.apiToken) return;
  if (!isAccessGranted('Plan.Agility', auth.role, auth.planCode)) throw forbidden(deniedMessage('Plan.Agility'));
  if (isSessionOnlyRoute(def)) throw forbidden(SESSION_ONLY_MESSAGE);
  if (auth.apiToken.scope === 'read' && !isReadRoute(def)) throw forbidden(READ_ONLY_TOKEN_MESSAGE);
};

const checkAccess = async (ctx: AppContext, def: RouteDef, request: FastifyRequest): Promise<AuthContext | null> => {
  const access: Access = def.access;
  if (access === 'anonymous') {
    const caller = await authenticate(ctx, request);
    if (caller) checkApiToken(def, caller);
    return caller;
  }
  const auth = await requireAuth(ctx, request);
  checkApiToken(def, auth);
  if (!isAccessGranted(access, auth.role, auth.planCode)) throw forbidden(deniedMessage(access));
  return auth;
};

// Who called, settled in onRequest and read by the handler of the same request.
const callers = new WeakMap<FastifyRequest, AuthContext | null>();

/**
 * Registers one contract route: its body and response schemas, its access rule, the envelope.
 * Routes stay thin: authorize (done here, first), parse (done here), call the service, return.
 */
export const addRoute = <R extends RouteDef>(app: FastifyInstance, ctx: AppContext, def: R, handler: Handler<R>): void => {
  const success = def.raw ? def.response : envelope(def.response);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.alsoMethods ? [def.method, ...def.alsoMethods] : def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: def.tags ? [...def.tags] : undefined,
      security: def.access === 'anonymous' ? [] : [{ bearerAuth: [] }],
      ...(def.body ? { body: def.body } : {}),
      response: { 200: success, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
    },
    config: { access: def.access, ...(def.bodyLimit ? { tooLargeMessage: def.bodyLimit.message } : {}) },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit.bytes } : {}),
    // Authenticate and apply the access rule before the body is even parsed: an anonymous caller
    // or one outside the policy learns nothing about the contract from validation errors (issue 12).
    onRequest: async (request) => {
      callers.set(request, await checkAccess(ctx, def, request));
    },
    handler: async (request, reply) => {
      const auth = callers.get(request) ?? null;
      const input = { body: request.body as ParsedBodyOf<R>, auth: auth as HandlerInput<R>['auth'], request, reply };
      // A signed-in caller's write transactions name them as the author of the changes (db/actor.ts).
      const result = await (auth ? runAsActor(auth.userId, () => handler(input)) : handler(input));
      if (result instanceof JsonText)
        return reply
          .type('application/json; charset=utf-8')
          .serializer((value: unknown) => String(value))
          .send(def.raw ? result.text : `{"Result":${result.text},"Message":null}`);
      if (def.raw) {
        if (typeof result === 'string')
          return reply
            .type('text/plain; charset=utf-8')
            .serializer((value: unknown) => String(value))
            .send(result);
        return result;
      }
      return { Result: result, Message: null };
    },
  });
};
