import {
  type BillingCycle,
  billingCycleOf,
  type ChangePreview,
  type PlanCode,
  paths,
  priceTypeOf,
  type Subscription,
} from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { providerFailure } from '../../plugins/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { toDollars } from '../../lib/money.ts';
import { findPriceForProduct, findPriceItem, itemPerMonthCents, periodAmountCents } from '../products/index.ts';
import { products } from '../../schema/products.ts';
import { tenants } from '../../schema/tenants.ts';
import { isLiveStatus, readProviderSubscription } from './provider-subscription.ts';
import * as repo from './subscriptions.repository.ts';
import type { SubscriptionRow } from '../../schema/billing.ts';
import { PRODUCT_POLICY_PLANS } from '../../plugins/permissions.ts';

const DAY_SECONDS = 86_400;

/**
 * The instant a plan change measures the unused time from: the start of the day of the period the
 * change falls in (whole days since the period began). Proration by the second made a change minutes
 * after subscribing credit $98.94 of $99 and charge $150.06 instead of the $150.00 between the prices
 * shown; by whole days a same-day change credits the whole period, and the preview and the change
 * (same day, same instant) invoice the same amount to the cent.
 */
export const prorationDate = (periodStart: number, now: number): number =>
  periodStart + Math.max(0, Math.floor((now - periodStart) / DAY_SECONDS)) * DAY_SECONDS;

/** The areas (their page titles) that `from` includes and `to` does not: what a downgrade closes. */
export const closingAreas = (from: PlanCode, to: PlanCode): string[] => {
  const titles = Object.values(paths)
    // Areas, not their detail pages (/objectives/:id is part of Objectives).
    .filter((path) => !path.pattern.includes(':'))
    .filter(
      (path): path is typeof path & { policy: keyof typeof PRODUCT_POLICY_PLANS } =>
        'policy' in path && path.policy in PRODUCT_POLICY_PLANS,
    )
    .filter((path) => PRODUCT_POLICY_PLANS[path.policy].includes(from) && !PRODUCT_POLICY_PLANS[path.policy].includes(to))
    .map((path) => path.title);
  return [...new Set(titles)];
};

export const createBillingService = (ctx: AppContext, stripe: Stripe) => {
  const describe = async (tenantId: string): Promise<Subscription> => {
    const [tenant] = await ctx.db.select({ planCode: tenants.planCode }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw notFound('The account');
    const row = await repo.findCurrentSubscription(ctx.db, tenantId);
    const price = row ? await findPriceItem(ctx.db, row.priceItemId) : null;
    if (!row || !price) {
      const [product] = await ctx.db.select().from(products).where(eq(products.code, tenant.planCode));
      return {
        PlanCode: tenant.planCode,
        PlanName: product?.name ?? tenant.planCode,
        ProductId: product?.id ?? null,
        BillingCycle: null,
        Status: 'free',
        PerMonth: 0,
        NextChargeAmount: null,
        NextChargeDate: null,
        CancelAtPeriodEnd: false,
        PaymentMethod: null,
      };
    }
    const perMonthCents = itemPerMonthCents(price.item);
    const charges = isLiveStatus(row.status) && !row.cancelAtPeriodEnd;
    return {
      PlanCode: tenant.planCode,
      PlanName: price.product.name,
      ProductId: price.product.id,
      BillingCycle: billingCycleOf(price.item.priceTypeId),
      Status: row.status,
      PerMonth: toDollars(perMonthCents),
      NextChargeAmount: charges ? toDollars(periodAmountCents(price.item)) : null,
      NextChargeDate: row.currentPeriodEnd?.toISOString() ?? null,
      CancelAtPeriodEnd: row.cancelAtPeriodEnd,
      PaymentMethod:
        row.cardBrand && row.cardLast4
          ? { Brand: row.cardBrand, Last4: row.cardLast4, ExpMonth: row.cardExpMonth ?? 0, ExpYear: row.cardExpYear ?? 0 }
          : null,
    };
  };

  /** Writes the provider's answer to our copy and the tenant's plan, in one transaction. */
  const record = async (row: SubscriptionRow, subscription: Stripe.Subscription, priceItemId: string, productId: string) => {
    const provider = readProviderSubscription(subscription);
    const price = await findPriceItem(ctx.db, priceItemId);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await repo.updateSubscription(tx, row.tenantId, row.id, {
        status: provider.status,
        productId,
        priceItemId,
        providerSubscriptionItemId: provider.itemId,
        currentPeriodEnd: provider.currentPeriodEnd,
        cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
        updatedAt: now,
      });
      if (price && isLiveStatus(provider.status)) await repo.setTenantPlan(tx, row.tenantId, price.product.code, now);
    });
  };

  /**
   * Our copy's state a change starts from. Idempotency keys are this plus the requested target, so
   * a retry of the same request (e.g. after our write failed, or a double click) replays the
   * provider's answer instead of changing the subscription twice; any later change starts from a
   * newer state and gets a new key.
   */
  const stateKey = (row: SubscriptionRow) => `${row.id}-${row.priceItemId}-${row.cancelAtPeriodEnd}-${row.updatedAt.getTime()}`;

  const liveSubscription = async (tenantId: string) => {
    const row = await repo.findCurrentSubscription(ctx.db, tenantId);
    if (!row || !isLiveStatus(row.status)) throw conflict('There is no paid subscription to change. Choose a plan when you sign up.');
    return row;
  };

  return {
    get: describe,

    /** Another paid plan or billing cycle; the provider prorates. Starter is reached by cancelling. */
    change: async (tenantId: string, productId: string, cycle: BillingCycle): Promise<Subscription> => {
      const row = await liveSubscription(tenantId);
      const price = await findPriceForProduct(ctx.db, productId, priceTypeOf(cycle));
      if (!price) throw notFound('The plan');
      if (!price.item.providerPriceId || price.product.code === 'starter') {
        throw badRequest('To move to the free Starter plan, cancel your subscription at the end of the period.');
      }
      if (row.priceItemId === price.item.id && !row.cancelAtPeriodEnd) return describe(tenantId);
      try {
        const current = await stripe.subscriptions.retrieve(row.providerSubscriptionId);
        const item = current.items.data[0];
        if (!item) throw conflict('The subscription has no item to change.');
        const updated = await stripe.subscriptions.update(
          row.providerSubscriptionId,
          {
            items: [{ id: item.id, price: price.item.providerPriceId }],
            cancel_at_period_end: false,
            proration_behavior: 'create_prorations',
            proration_date: prorationDate(item.current_period_start, Math.floor(ctx.clock.now().getTime() / 1000)),
          },
          { idempotencyKey: `subscription-change-${stateKey(row)}-to-${price.item.id}` },
        );
        await record(row, updated, price.item.id, price.product.id);
      } catch (error) {
        throw providerFailure(error);
      }
      return describe(tenantId);
    },

    /** What `change` would invoice today, from the provider (the same proration instant), and what closes. */
    previewChange: async (tenantId: string, productId: string, cycle: BillingCycle): Promise<ChangePreview> => {
      const row = await liveSubscription(tenantId);
      const [price, currentPrice] = await Promise.all([
        findPriceForProduct(ctx.db, productId, priceTypeOf(cycle)),
        findPriceItem(ctx.db, row.priceItemId),
      ]);
      if (!price) throw notFound('The plan');
      if (!price.item.providerPriceId || price.product.code === 'starter') {
        throw badRequest('To move to the free Starter plan, cancel your subscription at the end of the period.');
      }
      const from = (currentPrice?.product.code ?? 'starter') as PlanCode;
      const ClosingAreas = closingAreas(from, price.product.code as PlanCode);
      if (row.priceItemId === price.item.id) return { Lines: [], Total: 0, ClosingAreas };
      try {
        const current = await stripe.subscriptions.retrieve(row.providerSubscriptionId);
        const item = current.items.data[0];
        if (!item) throw conflict('The subscription has no item to change.');
        const preview = await stripe.invoices.createPreview(
          {
            customer: row.providerCustomerId,
            subscription: row.providerSubscriptionId,
            subscription_details: {
              items: [{ id: item.id, price: price.item.providerPriceId }],
              proration_behavior: 'create_prorations',
              proration_date: prorationDate(item.current_period_start, Math.floor(ctx.clock.now().getTime() / 1000)),
            },
          },
          { idempotencyKey: `subscription-preview-${newId()}` },
        );
        return {
          Lines: preview.lines.data.map((line) => ({ Description: line.description ?? '', Amount: toDollars(line.amount) })),
          Total: toDollars(preview.total),
          ClosingAreas,
        };
      } catch (error) {
        throw providerFailure(error);
      }
    },

    setCancelAtPeriodEnd: async (tenantId: string, cancelAtPeriodEnd: boolean): Promise<Subscription> => {
      const row = await liveSubscription(tenantId);
      if (row.cancelAtPeriodEnd === cancelAtPeriodEnd) return describe(tenantId);
      try {
        const updated = await stripe.subscriptions.update(
          row.providerSubscriptionId,
          { cancel_at_period_end: cancelAtPeriodEnd },
          { idempotencyKey: `subscription-cancel-${stateKey(row)}-to-${cancelAtPeriodEnd}` },
        );
        await record(row, updated, row.priceItemId, row.productId);
      } catch (error) {
        throw providerFailure(error);
      }
      return describe(tenantId);
    },
  };
};
