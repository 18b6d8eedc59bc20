import { forecastRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createForecastService } from './forecast.service.ts';

export const registerForecastRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createForecastService(ctx);
  addRoute(app, ctx, forecastRoutes.getForecast, ({ auth, body }) => service.get(auth, body.MarketingPlanId));
  addRoute(app, ctx, forecastRoutes.saveForecast, ({ auth, body }) => service.save(auth, body));
};
