import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import { hostname } from 'node:os';
import pino, { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString } from 'pino';
import type { Config } from '../config.ts';

/** Keys whose values never reach the log. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.Password',
  '*.password',
  '*.NewPassword',
  '*.CurrentPassword',
  '*.ConfirmPassword',
  '*.AccessToken',
  '*.RefreshToken',
  '*.key',
  '*.Key',
];

/** Query values that are secrets (recovery, invitation and verification keys) are masked in logged URLs. */
const maskSecretsInUrl = (url: string): string =>
  url.includes('=') ? url.replace(/([?&](?:key|token|invitationkey|emailverifykey)=)[^&]*/gi, '$1[redacted]') : url;

/** Where log lines go. */
export type LogStream = { write: (line: string) => void };

/** The logger options of the app: JSON lines at `logLevel`, redacted, to `stream`. */
export const loggerOptions = (logLevel: Config['logLevel'], stream: LogStream): FastifyServerOptions['logger'] =>
  logLevel === 'silent'
    ? false
    : {
        level: logLevel,
        stream,
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        serializers: {
          req: (request) => ({ method: request.method, url: maskSecretsInUrl(request.url), remoteAddress: request.ip }),
        },
      };

/** pino's number for `info`, the level of the access line. */
const INFO = pino.levels.values.info ?? 30;

/** What pino writes after the time on every line of a root logger (its default `base`). */
const BASE_FIELDS = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * One log line per request, written when it completes and carrying the request (method, masked URL,
 * address), the status and the time, instead of Fastify's "incoming" plus "completed" pair.
 *
 * The line is the one pino would write for `log.info({ reqId, req, res, responseTime }, 'request
 * completed')`, but put together here and handed to the logger's own destination: its fields are
 * fixed, so neither the serializers nor the wildcard redaction (REDACTED_PATHS, which only ever
 * applies to other lines) have anything to do. Through pino it cost about a quarter of a small
 * request's time at `info` (issue 13); every other log line still goes through pino, redacted.
 */
export class OneLineRequestLog extends LogController {
  readonly #stream: LogStream;

  /** `stream` is the logger's own destination (loggerOptions). */
  constructor(stream: LogStream) {
    super();
    this.#stream = stream;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // A route's own level (its `logLevel` option, e.g. the health probes') comes before the server's.
    const level = request.routeOptions.logLevel || request.server.log.level;
    if ((pino.levels.values[level] ?? INFO) > INFO) return;
    const line =
      `{"level":${INFO},"time":${Date.now()}${BASE_FIELDS}` +
      `,"reqId":${JSON.stringify(request.id)}` +
      `,"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(maskSecretsInUrl(request.url))},"remoteAddress":${JSON.stringify(request.ip)}}` +
      `,"res":{"statusCode":${reply.statusCode}},"responseTime":${Math.round(reply.elapsedTime * 100) / 100},"msg":"request completed"}\n`;
    this.#stream.write(line);
  }
}

/** What a log method takes: an object or a message first, then a message and format arguments. */
type LogArguments = [unknown, ...unknown[]];

/**
 * `request.log`, made only when something logs through it. Fastify makes a child logger for every
 * request to carry its id; with the redaction above, pino redacts the bindings of each one, which
 * cost as much as the rest of a /healthz answer. Most requests never log anything but the access
 * line (which does not use it), so the child is made on first use, with the same bindings.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #logger: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#logger ??= this.#parent.child(this.#bindings, this.#options);
    return this.#logger;
  }

  get level(): LevelWithSilentOrString {
    return this.#logger?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#made().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#log('fatal', args);
  }
  error(...args: LogArguments): void {
    this.#log('error', args);
  }
  warn(...args: LogArguments): void {
    this.#log('warn', args);
  }
  info(...args: LogArguments): void {
    this.#log('info', args);
  }
  debug(...args: LogArguments): void {
    this.#log('debug', args);
  }
  trace(...args: LogArguments): void {
    this.#log('trace', args);
  }
  silent(): void {}

  /** Passes the call on as it came, so pino reads its arguments exactly as it would have. */
  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: LogArguments): void {
    const logger = this.#made();
    logger[level].apply(logger, args as Parameters<pino.LogFn>);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (RequestLogger). */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new RequestLogger(logger, bindings, options);
