import { type BillingCycle, dueTodayCents, perMonthCents, type PriceItem, priceTypeOf, type Product, toDollars } from '@plansmith/contract';

/** The price item of a product for a billing cycle. */
export const priceItemOf = (product: Product, cycle: BillingCycle): PriceItem | undefined =>
  product.PriceItems.find((item) => item.PriceTypeId === priceTypeOf(cycle));

/** Per-month price in dollars (SPEC.md §9): the cycle's item Price minus its Discount. */
export const perMonthDollars = (product: Product, cycle: BillingCycle): number => {
  const item = priceItemOf(product, cycle);
  return item ? toDollars(perMonthCents(item)) : 0;
};

/** Total due today in dollars: one month, or twelve months of the annual per-month price. */
export const dueTodayDollars = (product: Product, cycle: BillingCycle): number => {
  const item = priceItemOf(product, cycle);
  return item ? toDollars(dueTodayCents(item)) : 0;
};

/** Annual by default; bill=month preselects monthly (SPEC.md §4). */
export const initialCycle = (bill: string | undefined): BillingCycle => (bill?.trim().toLowerCase() === 'month' ? 'month' : 'year');

/** The plan named by the query, matched case-insensitively, else the first plan (SPEC.md §4). */
export const initialProduct = (products: readonly Product[], plan: string | undefined): Product | undefined => {
  const wanted = plan?.trim().toLowerCase();
  return (wanted ? products.find((product) => product.Name.toLowerCase() === wanted) : undefined) ?? products[0];
};
