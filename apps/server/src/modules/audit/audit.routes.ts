import { auditRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { registerAuditPrune } from './audit-prune.ts';
import { createAuditService } from './audit.service.ts';

export const registerAuditRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const audit = createAuditService(ctx);
  addRoute(app, ctx, auditRoutes.list, ({ auth, body }) => audit.list(auth, body));
  addRoute(app, ctx, auditRoutes.export, async ({ auth, body, reply }) => {
    const csv = await audit.exportCsv(auth, body);
    reply.header('content-disposition', 'attachment; filename="audit-log.csv"');
    return csv;
  });
  addRoute(app, ctx, auditRoutes.getSettings, ({ auth }) => audit.getSettings(auth));
  addRoute(app, ctx, auditRoutes.saveSettings, ({ auth, body }) => audit.saveSettings(auth, body.RetentionDays));
  registerAuditPrune(app, ctx);
};
