import { campaignRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createCampaignsService } from './campaigns.service.ts';

export const registerCampaignRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createCampaignsService(ctx);
  addRoute(app, ctx, campaignRoutes.list, ({ auth, body }) => service.list(auth, body.MarketingPlanId));
  addRoute(app, ctx, campaignRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, campaignRoutes.delete, ({ auth, body }) => service.delete(auth, body.Id, body.Version));
  addRoute(app, ctx, campaignRoutes.move, ({ auth, body }) => service.move(auth, body));
};
