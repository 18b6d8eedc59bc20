import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext, Clock } from './context.ts';
import type { Database } from './db/client.ts';
import { withActorTransactions } from './db/actor.ts';
import { tenantRowCache } from './db/tenant-row-cache.ts';
import { createJwtService } from './lib/jwt.ts';
import { createRateLimiterFactory } from './lib/rate-limits.ts';
import { createLoginLimiter, type LoginLimits } from './modules/identity/index.ts';
import { registerModules } from './modules/index.ts';
import { registerDigest } from './modules/digest/index.ts';
import { registerCloseReminder } from './modules/periods/index.ts';
import { registerBudgetRateScheduler } from './modules/currencies/index.ts';
import { type MailOptions, registerMail } from './modules/mail/index.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { type LogStream, lazyRequestLogger, loggerOptions, OneLineRequestLog } from './plugins/request-log.ts';
import { registerResponseHeaders } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { inlineScriptHashes } from './plugins/spa-pages.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  loginLimits?: Partial<LoginLimits>;
  /** Mail transport and retry timing (tests may pass their own). */
  mail?: MailOptions;
  /** Where logs go (tests read them); standard output by default. */
  logStream?: LogStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * TRUST_PROXY for Fastify. A hop count is a function (Fastify 5 no longer honours a bare number):
 * the nearest `hops` addresses are proxies, so only use it when clients cannot reach the app directly.
 */
const toFastifyTrustProxy = (trustProxy: Config['trustProxy']) =>
  typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;

/** Builds the whole app without listening, so tests call it with app.inject(). */
export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config, database } = options;
  // pino's own default destination (standard output) unless the caller passes one; nothing when silent.
  const logStream = options.logStream ?? (config.logLevel === 'silent' ? { write: () => {} } : pino.destination(1));
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new OneLineRequestLog(logStream),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    bodyLimit: 100 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  const ctx: AppContext = {
    config,
    database,
    // Each write transaction of a signed-in request names its author to the live-change triggers.
    db: withActorTransactions(database.db),
    jwt: createJwtService(config.jwtSecret),
    clock: options.clock ?? { now: () => new Date() },
    rateLimiter: createRateLimiterFactory(database.pgPool),
  };
  app.decorate('ctx', ctx);
  // Listening for changes starts now, not on the first request: rows are kept only once it listens.
  tenantRowCache(database);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerNulGuard(app);
  registerResponseHeaders(app, inlineScriptHashes(config.webDistDir));
  await registerCompression(app);
  await registerOpenApi(app, config.publicUrl);

  // Load balancers and orchestrators ask these every few seconds: at their `logLevel` only their
  // failures are logged, so the probes neither fill the log nor cost each answer its access line
  // (~8 % of a /healthz answer at `info`).
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await database.queryRows('SELECT 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerMail(app, ctx, options.mail);
  registerDigest(app, ctx);
  registerCloseReminder(app, ctx);
  registerBudgetRateScheduler(app, ctx);
  registerModules(app, ctx, { loginLimiter: createLoginLimiter(ctx.rateLimiter, options.loginLimits) });
  await registerSpa(app, config.webDistDir);
  return app;
};
