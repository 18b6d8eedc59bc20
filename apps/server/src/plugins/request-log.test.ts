import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyRequestLogger, loggerOptions, OneLineRequestLog } from './request-log.ts';

const lines: Record<string, unknown>[] = [];
const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    logger: loggerOptions('info', stream),
    logController: new OneLineRequestLog(stream),
    childLoggerFactory: lazyRequestLogger,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/probe', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/failing-probe', { logLevel: 'warn' }, async () => {
    throw new Error('probe failed');
  });
  app.get('/chatty', async (request) => {
    request.log.warn({ body: { Password: 'hunter2' }, step: 1 }, 'something to note');
    request.log.child({ part: 'inner' }).info('from a child of the request logger');
    request.log.debug('below the level, never written');
    return { ok: true };
  });
  app.get('/failing', async () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('request logging', () => {
  it('writes one access line per request, shaped as pino writes its lines', async () => {
    const response = await app.inject({ method: 'GET', url: '/quiet?key=secret-value&page=2' });
    const [line, ...others] = linesOf(response.headers['x-request-id'] as string);
    expect(others).toEqual([]);
    expect(Object.keys(line ?? {})).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', url: '/quiet?key=[redacted]&page=2', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(line?.time).toBeCloseTo(Date.now(), -4);
  });

  it("gives a route's own log lines the request id, made on first use, and still redacts them", async () => {
    const response = await app.inject({ method: 'GET', url: '/chatty' });
    const own = linesOf(response.headers['x-request-id'] as string);
    expect(own.map((line) => line.msg)).toEqual(['something to note', 'from a child of the request logger', 'request completed']);
    expect(own[0]).toMatchObject({ level: 40, step: 1, body: { Password: '[redacted]' } });
    expect(own[1]).toMatchObject({ level: 30, part: 'inner' });
  });

  it('logs a failing request as an error with its request id, then its access line with the status', async () => {
    const response = await app.inject({ method: 'GET', url: '/failing' });
    const own = linesOf(response.headers['x-request-id'] as string);
    expect(own).toHaveLength(2);
    expect(own[0]).toMatchObject({ level: 50, err: { message: 'boom' } });
    expect(own[1]).toMatchObject({ msg: 'request completed', res: { statusCode: 500 } });
  });

  it('writes no access line for a route whose own level is above info, but still logs its errors', async () => {
    const quiet = await app.inject({ method: 'GET', url: '/probe' });
    expect(quiet.statusCode).toBe(200);
    expect(linesOf(quiet.headers['x-request-id'] as string)).toEqual([]);
    const failing = await app.inject({ method: 'GET', url: '/failing-probe' });
    const own = linesOf(failing.headers['x-request-id'] as string);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ level: 50, err: { message: 'probe failed' } });
  });

  it('writes no access line when the level is above info', async () => {
    const written: string[] = [];
    const quiet = { write: (line: string) => written.push(line) };
    const warnApp = Fastify({
      logger: loggerOptions('warn', quiet),
      logController: new OneLineRequestLog(quiet),
      childLoggerFactory: lazyRequestLogger,
    });
    warnApp.get('/', async () => ({ ok: true }));
    await warnApp.inject({ method: 'GET', url: '/' });
    await warnApp.close();
    expect(written).toEqual([]);
  });
});
