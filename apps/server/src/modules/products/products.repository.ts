import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productPriceItems, products } from '../../schema/products.ts';

export type ProductRow = typeof products.$inferSelect;
export type PriceItemRow = typeof productPriceItems.$inferSelect;
export type PriceWithProduct = { item: PriceItemRow; product: ProductRow };

export const listActiveProducts = async (db: Db): Promise<{ product: ProductRow; items: PriceItemRow[] }[]> => {
  const rows = await db
    .select({ product: products, item: productPriceItems })
    .from(products)
    .innerJoin(productPriceItems, eq(productPriceItems.productId, products.id))
    .where(eq(products.active, true))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(productPriceItems.priceTypeId));
  const byProduct = new Map<string, { product: ProductRow; items: PriceItemRow[] }>();
  for (const row of rows) {
    const entry = byProduct.get(row.product.id) ?? { product: row.product, items: [] };
    entry.items.push(row.item);
    byProduct.set(row.product.id, entry);
  }
  return [...byProduct.values()];
};

export const findPriceByProviderId = async (db: Db, providerPriceId: string): Promise<PriceWithProduct | null> => {
  const [row] = await db
    .select({ item: productPriceItems, product: products })
    .from(productPriceItems)
    .innerJoin(products, eq(products.id, productPriceItems.productId))
    .where(eq(productPriceItems.providerPriceId, providerPriceId));
  return row ?? null;
};

export const findPriceItem = async (db: Db, priceItemId: string): Promise<PriceWithProduct | null> => {
  const [row] = await db
    .select({ item: productPriceItems, product: products })
    .from(productPriceItems)
    .innerJoin(products, eq(products.id, productPriceItems.productId))
    .where(eq(productPriceItems.id, priceItemId));
  return row ?? null;
};

export const findPriceForProduct = async (db: Db, productId: string, priceTypeId: 1 | 2): Promise<PriceWithProduct | null> => {
  const [row] = await db
    .select({ item: productPriceItems, product: products })
    .from(productPriceItems)
    .innerJoin(products, eq(products.id, productPriceItems.productId))
    .where(and(eq(productPriceItems.productId, productId), eq(productPriceItems.priceTypeId, priceTypeId), eq(products.active, true)));
  return row ?? null;
};
