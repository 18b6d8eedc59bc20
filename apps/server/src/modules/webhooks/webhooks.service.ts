import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_HTTPS_MESSAGE,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_PLAN_MESSAGE,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  WEBHOOK_SECRET_KEY_MESSAGE,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_PER_TENANT,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEvent,
  type WebhookSaved,
  type WebhookSaveRequestSchema,
  isNewId,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertVersion } from '../activities/index.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import { checkPublicHost } from './webhook-http.ts';
import * as repo from './webhooks.repository.ts';

type SaveInput = z.output<typeof WebhookSaveRequestSchema>;

const STATUS_NAMES = { 1: 'pending', 2: 'delivered', 3: 'failed' } as const;

const toWebhook = (row: repo.WebhookRow, last: repo.LastDelivery | null): Webhook => ({
  Id: row.id,
  Url: row.url,
  Events: row.events as WebhookEvent[],
  Active: row.active,
  Description: row.description,
  CreatedAt: row.createdAt.toISOString(),
  Version: row.version,
  LastDelivery: last
    ? { At: last.at.toISOString(), Status: STATUS_NAMES[last.status], ResponseStatus: last.responseStatus, Attempts: last.attempts }
    : null,
});

const toDelivery = (row: repo.DeliveryRow): WebhookDelivery => ({
  Id: row.id,
  EventId: row.eventId,
  Event: row.event as WebhookDelivery['Event'],
  Status: STATUS_NAMES[row.status],
  Attempts: row.attempts,
  ResponseStatus: row.responseStatus,
  ResponseMs: row.responseMs,
  Error: row.error,
  CreatedAt: row.createdAt.toISOString(),
  DeliveredAt: row.deliveredAt?.toISOString() ?? null,
  NextAttemptAt: row.status === 1 ? (row.nextAttemptAt ?? row.createdAt).toISOString() : null,
});

/** Webhooks are on every paid plan (DESIGN.md §18); the route's Account.Settings keeps them to Owners and Admins. */
const assertPaidPlan = (auth: AuthContext) => {
  if (auth.planCode === 'starter') throw forbidden(WEBHOOK_PLAN_MESSAGE);
};

/** A new signing secret: whsec_ + 32 random bytes (base64url). */
const mintSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

const summaryOf = (verb: string, url: string, events: readonly string[], extra = '') =>
  `${verb} webhook ${url} (${events.join(', ')})${extra}`;

/** The audit log's `webhook_changed`: once per real change, in the writing transaction. */
const recordChange = (tx: Db, auth: AuthContext, ip: string, id: string, summary: string, at: Date) =>
  recordSecurityEvent(tx, {
    tenantId: auth.tenantId,
    kind: 'webhook_changed',
    userId: auth.userId,
    ip,
    entityType: 'Webhook',
    entityId: id,
    summary,
    at,
  });

export const createWebhooksService = (ctx: AppContext, dispatcher: WebhookDispatcher) => {
  /** Production: https only, and a host that resolves to public addresses only (DESIGN.md §18). */
  const checkUrl = async (url: string): Promise<void> => {
    if (!ctx.config.isProduction) return;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') throw fieldError('Url', WEBHOOK_HTTPS_MESSAGE);
    let refused: Error | null;
    try {
      refused = await checkPublicHost(parsed.hostname);
    } catch {
      throw fieldError('Url', `${parsed.hostname} cannot be found (no address in DNS).`);
    }
    if (refused) throw fieldError('Url', `${WEBHOOK_PRIVATE_ADDRESS_MESSAGE} ${refused.message}`);
  };

  const secretKey = (): Buffer => {
    if (!ctx.config.secretKey) throw conflict(WEBHOOK_SECRET_KEY_MESSAGE);
    return ctx.config.secretKey;
  };

  const checkVersion = async (tx: Db, auth: AuthContext, id: string, read: number): Promise<repo.WebhookRow> => {
    const current = await repo.lockWebhookVersion(tx, auth.tenantId, id);
    if (current === null) throw notFound('The webhook');
    const row = await repo.findWebhook(tx, auth.tenantId, id);
    if (!row) throw notFound('The webhook');
    await assertVersion(tx, auth, {
      entity: 'Webhook',
      id,
      what: `the webhook ${row.url}`,
      read,
      current,
      row: async () => toWebhook(row, await repo.lastDelivery(tx, auth.tenantId, id)),
      writtenBy: async () => ({ userId: row.updatedBy ?? row.createdBy, at: row.updatedAt }),
    });
    return row;
  };

  const readWebhook = async (db: Db, tenantId: string, id: string): Promise<Webhook> => {
    const row = await repo.findWebhook(db, tenantId, id);
    if (!row) throw notFound('The webhook');
    return toWebhook(row, await repo.lastDelivery(db, tenantId, id));
  };

  return {
    list: async (auth: AuthContext): Promise<Webhook[]> => {
      assertPaidPlan(auth);
      const rows = await repo.listWebhooks(ctx.db, auth.tenantId);
      return rows.map((row) => toWebhook(row, row.last));
    },

    save: async (auth: AuthContext, body: SaveInput, ip: string): Promise<WebhookSaved> => {
      assertPaidPlan(auth);
      const now = ctx.clock.now();
      if (isNewId(body.Id)) {
        const key = secretKey();
        await checkUrl(body.Url);
        const id = newId();
        const secret = mintSecret();
        await ctx.db.transaction(async (tx) => {
          if ((await repo.countWebhooks(tx, auth.tenantId)) >= WEBHOOKS_PER_TENANT) throw badRequest(WEBHOOK_LIMIT_MESSAGE);
          await repo.insertWebhook(tx, {
            tenantId: auth.tenantId,
            id,
            url: body.Url,
            events: body.Events,
            active: body.Active,
            description: body.Description,
            secretSealed: sealSecret(key, secret),
            createdBy: auth.userId,
            updatedBy: auth.userId,
            createdAt: now,
            updatedAt: now,
          });
          await recordChange(tx, auth, ip, id, summaryOf('Created', body.Url, body.Events, body.Active ? '' : ', inactive'), now);
        });
        return { Webhook: await readWebhook(ctx.db, auth.tenantId, id), Secret: secret };
      }

      const id = body.Id as string;
      const secret = body.RotateSecret ? mintSecret() : null;
      await ctx.db.transaction(async (tx) => {
        const row = await checkVersion(tx, auth, id, body.Version ?? 0);
        const key = secret ? secretKey() : null;
        if (body.Url !== row.url) await checkUrl(body.Url);
        const changed = [
          body.Url !== row.url ? `URL ${row.url} → ${body.Url}` : null,
          body.Events.join(',') !== row.events.join(',') ? `events ${body.Events.join(', ')}` : null,
          body.Active !== row.active ? (body.Active ? 'turned on' : 'turned off') : null,
          (body.Description ?? null) !== row.description ? 'description' : null,
          secret ? 'signing secret rotated' : null,
        ].filter((part): part is string => part !== null);
        if (changed.length === 0) return;
        await repo.updateWebhook(tx, auth.tenantId, id, {
          url: body.Url,
          events: body.Events,
          active: body.Active,
          description: body.Description,
          ...(secret && key ? { secretSealed: sealSecret(key, secret) } : {}),
          updatedBy: auth.userId,
          updatedAt: now,
        });
        await recordChange(tx, auth, ip, id, `Changed webhook ${body.Url}: ${changed.join('; ')}`, now);
      });
      return { Webhook: await readWebhook(ctx.db, auth.tenantId, id), Secret: secret };
    },

    delete: async (auth: AuthContext, id: string, version: number, ip: string): Promise<boolean> => {
      assertPaidPlan(auth);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const row = await checkVersion(tx, auth, id, version);
        await repo.deleteWebhook(tx, auth.tenantId, id);
        await recordChange(tx, auth, ip, id, summaryOf('Deleted', row.url, row.events), now);
      });
      return true;
    },

    test: async (auth: AuthContext, id: string): Promise<WebhookDelivery> => {
      assertPaidPlan(auth);
      const row = await repo.findWebhook(ctx.db, auth.tenantId, id);
      if (!row) throw notFound('The webhook');
      secretKey();
      const { deliveryId } = await ctx.db.transaction((tx) =>
        repo.insertPing(tx, auth.tenantId, id, { WebhookId: id, Message: 'A test delivery from Plansmith.' }, ctx.clock.now()),
      );
      await dispatcher.sendNow(auth.tenantId, deliveryId);
      const delivery = await repo.findDelivery(ctx.db, auth.tenantId, deliveryId);
      if (!delivery) throw notFound('The webhook');
      return toDelivery(delivery);
    },

    deliveries: async (auth: AuthContext, body: { WebhookId: string; Page: number; PageSize: number }): Promise<WebhookDeliveryPage> => {
      assertPaidPlan(auth);
      if (!(await repo.findWebhook(ctx.db, auth.tenantId, body.WebhookId))) throw notFound('The webhook');
      const { rows, total } = await repo.pageDeliveries(ctx.db, auth.tenantId, body.WebhookId, body.Page, body.PageSize);
      return { Items: rows.map(toDelivery), Total: total };
    },
  };
};
