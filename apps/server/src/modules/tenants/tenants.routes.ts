import { tenantRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createTenantsService } from './tenants.service.ts';

export const registerTenantRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createTenantsService(ctx);
  addRoute(app, ctx, tenantRoutes.getUserProfile, ({ auth }) => service.getMyProfile(auth));
  addRoute(app, ctx, tenantRoutes.mySave, ({ auth, body }) => service.saveMyProfile(auth, body));
  addRoute(app, ctx, tenantRoutes.getTenant, ({ auth }) => service.getTenant(auth));
  addRoute(app, ctx, tenantRoutes.saveTenant, ({ auth, body }) => service.saveTenant(auth, body));
  addRoute(app, ctx, tenantRoutes.getPermissions, async ({ auth }) => service.getPermissions(auth));
  addRoute(app, ctx, tenantRoutes.getOwners, ({ auth }) => service.getOwners(auth));
};
