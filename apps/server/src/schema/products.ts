import type { PlanCode } from '@plansmith/contract';
import { foreignKey, bigint, boolean, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const products = pgTable('products', {
  id: uuid('id').primaryKey(),
  code: text('code').$type<PlanCode>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productPriceItems = pgTable(
  'product_price_items',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    priceTypeId: smallint('price_type_id').$type<1 | 2>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    providerPriceId: text('provider_price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [foreignKey({ columns: [table.productId], foreignColumns: [products.id] }).onDelete('cascade')],
);
