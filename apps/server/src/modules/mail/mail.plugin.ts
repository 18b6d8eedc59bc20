import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './mail-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: server.ts starts it; tests call drain() themselves. */
    mailWorker: MailWorker;
  }
}

export type MailOptions = { transport?: MailTransport } & Partial<
  Pick<MailWorkerOptions, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'leaseMs'>
>;

/** Creates the mail transport and the outbox worker; the worker stops (and the transport closes) with the app. */
export const registerMail = (app: FastifyInstance, ctx: AppContext, options: MailOptions = {}): MailWorker => {
  const transport = options.transport ?? createMailTransport(ctx.config);
  const worker = createMailWorker({ ...options, db: ctx.db, transport, clock: ctx.clock, log: app.log });
  app.decorate('mailWorker', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
    await transport.close();
  });
  return worker;
};
