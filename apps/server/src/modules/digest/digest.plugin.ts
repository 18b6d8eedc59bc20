import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createDigestScheduler, type DigestScheduler } from './digest-scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The weekly digest's scheduler: server.ts starts it with the mail worker; tests call tick() themselves. */
    digestScheduler: DigestScheduler;
  }
}

export const registerDigest = (app: FastifyInstance, ctx: AppContext): DigestScheduler => {
  const scheduler = createDigestScheduler(ctx, app.log);
  app.decorate('digestScheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
};
