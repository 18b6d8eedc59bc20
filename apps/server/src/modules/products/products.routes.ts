import { type Product, productRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { toDollars } from '../../lib/money.ts';
import { addRoute } from '../../plugins/route.ts';
import { listActiveProducts } from './products.repository.ts';

export const listProducts = async (ctx: AppContext): Promise<Product[]> =>
  (await listActiveProducts(ctx.db)).map(({ product, items }) => ({
    Id: product.id,
    Name: product.name,
    Code: product.code,
    Description: product.description,
    Price: toDollars(items.find((item) => item.priceTypeId === 1)?.priceCents ?? 0),
    PriceItems: items.map((item) => ({
      Id: item.id,
      PriceTypeId: item.priceTypeId,
      Price: toDollars(item.priceCents),
      Discount: toDollars(item.discountCents),
      MetaData: { PriceId: item.providerPriceId },
    })),
  }));

export const registerProductRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  addRoute(app, ctx, productRoutes.list, () => listProducts(ctx));
};
