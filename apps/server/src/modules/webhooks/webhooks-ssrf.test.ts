// Production refuses webhooks to private, loopback and link-local addresses (DESIGN.md §18, issue 35
// part C) — at Save, and again when a delivery connects (a name that resolved to a public address at
// Save may resolve to 127.0.0.1 later: DNS rebinding). Also: no SSO_SECRET_KEY in production, no hook.
import { randomBytes } from 'node:crypto';
import { EMPTY_ID, WEBHOOK_HTTPS_MESSAGE, WEBHOOK_PRIVATE_ADDRESS_MESSAGE, WEBHOOK_SECRET_KEY_MESSAGE } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { newId } from '../../lib/ids.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.ts';
import { addressRange, checkPublicHost, isPublicAddress } from './webhook-http.ts';

const SAVE = '/api/WebhookClient/Save';
const key = randomBytes(32);

let production: TestApp;
let tenant: TestTenant;
let receiver: WebhookReceiver;

beforeAll(async () => {
  production = await createTestApp({ config: { isProduction: true, nodeEnv: 'production', secretKey: key } });
  tenant = await createTenant(production, { name: 'Prod' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await production.close();
});

const save = async (url: string) =>
  production.post(SAVE, { Id: EMPTY_ID, Url: url, Events: ['expense.created'], Active: true }, await tenant.tokenFor('owner'));

describe('the address ranges (ipaddr.js)', () => {
  it('passes public addresses only, IPv4-mapped IPv6 judged as the IPv4 it carries', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fd00::1', 'uniqueLocal'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['[::1]', 'loopback'],
    ] as const) {
      expect(addressRange(address), address).toBe(range);
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('judges a name by every address it resolves to: localhost is loopback', async () => {
    expect((await checkPublicHost('localhost'))?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(await checkPublicHost('8.8.8.8')).toBeNull();
  });
});

describe('Save in production', () => {
  it('refuses loopback, private, link-local and IPv6 equivalents, and a name resolving to loopback (400, nothing saved)', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.7/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
    ]) {
      const response = await save(url);
      expect(response.status, url).toBe(400);
      expect(response.body.Message, url).toContain(WEBHOOK_PRIVATE_ADDRESS_MESSAGE);
    }
    expect(await production.ctx.db.select().from(webhooks)).toEqual([]);
  });

  it('refuses http:// (https only in production)', async () => {
    const response = await save('http://8.8.8.8/hook');
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe(WEBHOOK_HTTPS_MESSAGE);
  });

  it('accepts a public address', async () => {
    const response = await save('https://8.8.8.8/hook');
    expect(response.status, response.text).toBe(200);
    await production.ctx.db.delete(webhooks);
  });

  it('without SSO_SECRET_KEY answers 409 naming it', async () => {
    const keyless = await createTestApp({ config: { isProduction: true, nodeEnv: 'production', secretKey: undefined } });
    try {
      const owner = await createTenant(keyless, { name: 'Keyless' });
      const response = await keyless.post(
        SAVE,
        { Id: EMPTY_ID, Url: 'https://8.8.8.8/hook', Events: ['expense.created'], Active: true },
        await owner.tokenFor('owner'),
      );
      expect(response.status).toBe(409);
      expect(response.body.Message).toBe(WEBHOOK_SECRET_KEY_MESSAGE);
      expect(await keyless.ctx.db.select().from(webhooks)).toEqual([]);
    } finally {
      await keyless.close();
    }
  });
});

describe('a delivery in production', () => {
  it('does not connect to a name that resolves to loopback now, nor to a loopback address, and says why', async () => {
    // As if the name had resolved to a public address at Save and points at 127.0.0.1 now.
    const port = new URL(receiver.url).port;
    const ids: string[] = [];
    for (const url of [`http://localhost:${port}/hooks`, `http://127.0.0.1:${port}/hooks`, `http://[::ffff:127.0.0.1]:${port}/hooks`]) {
      const id = newId();
      ids.push(id);
      await production.ctx.db.insert(webhooks).values({
        tenantId: tenant.id,
        id,
        url,
        events: ['expense.created'],
        secretSealed: sealSecret(key, 'whsec_test'),
      });
    }
    const { plan, item } = await createPlanWithItem(production, tenant);
    const saved = await production.post(
      '/api/ExpenseClient/Save',
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Booth',
        PurchaseDate: '2026-03-01',
        Amount: 10,
        Status: 3,
        CategoryType: 1,
      },
      await tenant.tokenFor('owner'),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(await production.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 3, failed: 0 });
    expect(receiver.received).toEqual([]);
    for (const id of ids) {
      const [row] = await production.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
      expect(row?.error).toMatch(/(resolves to (127\.0\.0\.1|::1), a loopback address|(127\.0\.0\.1|::ffff:7f00:1) is a loopback address)/);
      expect(row?.responseStatus).toBeNull();
    }
  });
});
