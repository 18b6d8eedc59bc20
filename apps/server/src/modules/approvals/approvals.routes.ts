import { approvalRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createApprovalsService } from './approvals.service.ts';

export const registerApprovalRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createApprovalsService(ctx);
  addRoute(app, ctx, approvalRoutes.getPolicy, ({ auth, body }) => service.getPolicy(auth, body.TeamId));
  addRoute(app, ctx, approvalRoutes.savePolicy, ({ auth, body }) => service.savePolicy(auth, body));
  addRoute(app, ctx, approvalRoutes.list, ({ auth, body }) => service.list(auth, body));
  addRoute(app, ctx, approvalRoutes.getCount, ({ auth }) => service.getCount(auth));
  addRoute(app, ctx, approvalRoutes.approve, ({ auth, body }) => service.approve(auth, body));
  addRoute(app, ctx, approvalRoutes.reject, ({ auth, body }) => service.reject(auth, body));
};
