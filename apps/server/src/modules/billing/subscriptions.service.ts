import type { PlanCode } from '@plansmith/contract';
import type { Db } from '../../db/client.ts';
import type { SubscriptionRow } from '../../schema/billing.ts';
import * as repo from './subscriptions.repository.ts';

/*
 * What the payments module (sign-up, the provider's webhooks) may ask the billing module through
 * index.ts: a tenant's subscriptions, recording them, and the tenant's plan. The queries stay private.
 */

/** The tenant's current subscription (not ended), newest first. */
export const findCurrentSubscription = (db: Db, tenantId: string): Promise<SubscriptionRow | null> =>
  repo.findCurrentSubscription(db, tenantId);

export const findByProviderId = (db: Db, providerSubscriptionId: string): Promise<SubscriptionRow | null> =>
  repo.findByProviderId(db, providerSubscriptionId);

export const findByRegistration = (db: Db, registrationId: string): Promise<SubscriptionRow | null> =>
  repo.findByRegistration(db, registrationId);

/** Records a subscription once: a second insert of the same provider subscription is ignored. */
export const insertSubscription = (db: Db, row: Parameters<typeof repo.insertSubscription>[1]): Promise<void> =>
  repo.insertSubscription(db, row);

export const updateSubscription = (db: Db, tenantId: string, id: string, values: Parameters<typeof repo.updateSubscription>[3]) =>
  repo.updateSubscription(db, tenantId, id, values);

/** Sets the tenant's plan (which areas it may open) and drops the tenant's row kept in memory. */
export const setTenantPlan = (db: Db, tenantId: string, planCode: PlanCode, now: Date) => repo.setTenantPlan(db, tenantId, planCode, now);
