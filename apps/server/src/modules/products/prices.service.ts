import { PRICE_TYPE_ANNUAL, perMonthCents, toDollars } from '@plansmith/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './products.repository.ts';

/* What billing, payments and the payment sandbox may ask the products module through index.ts: prices, and what they charge. */

export type { PriceWithProduct } from './products.repository.ts';

export const findPriceByProviderId = (db: Db, providerPriceId: string): Promise<repo.PriceWithProduct | null> =>
  repo.findPriceByProviderId(db, providerPriceId);

export const findPriceItem = (db: Db, priceItemId: string): Promise<repo.PriceWithProduct | null> => repo.findPriceItem(db, priceItemId);

/** The product's price item of the price type (1 monthly, 2 annual). */
export const findPriceForProduct = (db: Db, productId: string, priceTypeId: 1 | 2): Promise<repo.PriceWithProduct | null> =>
  repo.findPriceForProduct(db, productId, priceTypeId);

/** The contract's per-month price (SPEC.md §9) of a stored price item, in cents. */
export const itemPerMonthCents = (item: repo.PriceItemRow): number =>
  perMonthCents({ Price: toDollars(item.priceCents), Discount: toDollars(item.discountCents) });

/** Cents charged per billing period: one month, or twelve months of the annual per-month price. */
export const periodAmountCents = (item: repo.PriceItemRow): number =>
  itemPerMonthCents(item) * (item.priceTypeId === PRICE_TYPE_ANNUAL ? 12 : 1);
