import { currencyRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createCurrenciesService } from './currencies.service.ts';

export const registerCurrencyRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createCurrenciesService(ctx);
  addRoute(app, ctx, currencyRoutes.getRates, ({ auth, body }) => service.getRates(auth, body));
  addRoute(app, ctx, currencyRoutes.saveRates, ({ auth, body }) => service.saveRates(auth, body));
  addRoute(app, ctx, currencyRoutes.importRates, ({ auth, body }) => service.importRates(auth, body));
};
