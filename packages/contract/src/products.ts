import { z } from 'zod';
import { ClientIdSchema, IdSchema, MoneySchema } from './common.ts';
import { defineRoutes } from './route.ts';
import { PlanCodeSchema } from './tenants.ts';

/** PriceTypeId (SPEC.md §3): 1 monthly, 2 annual. */
export const PRICE_TYPE_MONTHLY = 1 as const;
export const PRICE_TYPE_ANNUAL = 2 as const;
export const PriceTypeIdSchema = z.union([z.literal(PRICE_TYPE_MONTHLY), z.literal(PRICE_TYPE_ANNUAL)]);
export type PriceTypeId = z.infer<typeof PriceTypeIdSchema>;

export const BILLING_CYCLES = ['month', 'year'] as const;
export const BillingCycleSchema = z.enum(BILLING_CYCLES).describe('month: billed monthly; year: billed annually');
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

export const billingCycleOf = (priceTypeId: PriceTypeId): BillingCycle => (priceTypeId === PRICE_TYPE_MONTHLY ? 'month' : 'year');
export const priceTypeOf = (cycle: BillingCycle): PriceTypeId => (cycle === 'month' ? PRICE_TYPE_MONTHLY : PRICE_TYPE_ANNUAL);

export const PriceItemSchema = z.object({
  Id: IdSchema,
  PriceTypeId: PriceTypeIdSchema,
  Price: MoneySchema.describe('List price per month, US dollars'),
  Discount: MoneySchema.describe('Discount per month, US dollars'),
  MetaData: z.object({ PriceId: z.string().nullable().describe("The card provider's price id; null for a free plan") }),
});
export type PriceItem = z.infer<typeof PriceItemSchema>;

export const ProductSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Code: PlanCodeSchema.describe('The plan this product grants'),
  Description: z.string(),
  Price: MoneySchema.describe('Monthly list price, US dollars'),
  PriceItems: z.array(PriceItemSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/** The per-month price of a price item (SPEC.md §9): Price − Discount, never below zero, in cents. */
export const perMonthCents = (item: Pick<PriceItem, 'Price' | 'Discount'>): number =>
  Math.max(0, Math.round(item.Price * 100) - Math.round(item.Discount * 100));

/**
 * What is charged today, in cents: one month for monthly billing, twelve months of the annual
 * per-month price for annual billing (the annual price is shown per month, billed yearly).
 */
export const dueTodayCents = (item: Pick<PriceItem, 'Price' | 'Discount' | 'PriceTypeId'>): number =>
  perMonthCents(item) * (item.PriceTypeId === PRICE_TYPE_ANNUAL ? 12 : 1);

/** The Starter plan is free and skips payment (DESIGN.md §7.1). */
export const isFreeProduct = (product: Pick<Product, 'Code'>): boolean => product.Code === 'starter';

export const ProductListRequestSchema = z.object({ ClientId: ClientIdSchema });

export const productRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/guest/productregistration/List',
    access: 'anonymous',
    summary: 'The plans for sale with their monthly and annual price items.',
    body: ProductListRequestSchema,
    response: z.array(ProductSchema),
    tags: ['registration'],
  },
});
