// The products module as other modules and the app see it; everything else in this folder is private.
export {
  findPriceByProviderId,
  findPriceForProduct,
  findPriceItem,
  itemPerMonthCents,
  periodAmountCents,
  type PriceWithProduct,
} from './prices.service.ts';
export { registerProductRoutes } from './products.routes.ts';
