import type { AddressInfo } from 'node:net';
import type { Invoice, InvoiceDetail } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { confirmCard } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { stripeKeysOf } from '../stripe-sandbox/index.ts';

const INVOICE = '/api/BillingClient/GetInvoice';
const INVOICES = '/api/BillingClient/GetInvoices';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const AGILITY = '4f0d7c1e-6a2b-4c39-8e51-000000000002';

/** A Starter tenant upgraded to Performance monthly ($99) with a card, then moved to Agility ($49) the same day. */
const payingTenant = async (app: TestApp, cards: TestApp, name: string) => {
  const tenant = await createTenant(app, { name, planCode: 'starter' });
  const token = await tenant.tokenFor('owner');
  const started = await app.post(
    '/api/BillingClient/StartCardSetup',
    { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' },
    token,
  );
  expect(started.status, started.text).toBe(200);
  const secret = started.body.Result.SetupToken as string;
  expect((await confirmCard(cards, secret, '4242424242424242')).status).toBe(200);
  const done = await app.post(
    '/api/BillingClient/CompleteCardSetup',
    { SetupIntentId: secret.split('_secret_')[0], ClientSecret: secret },
    token,
  );
  expect(done.status, done.text).toBe(200);
  const changed = await app.post('/api/BillingClient/ChangeSubscription', { ProductId: AGILITY, BillingCycle: 'month' }, token);
  expect(changed.status, changed.text).toBe(200);
  const listed = await app.post(INVOICES, {}, token);
  expect(listed.status, listed.text).toBe(200);
  return { tenant, token, invoices: listed.body.Result as Invoice[] };
};

const sumCents = (amounts: number[]) => amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);

/** The same checks in the sandbox and with Stripe keys (the real SDK adapter) against a Stripe stand-in. */
const invoiceSuite = (mode: string, apps: () => { app: TestApp; cards: TestApp }) =>
  describe(`one invoice, printable (${mode})`, () => {
    let home: Awaited<ReturnType<typeof payingTenant>>;
    let other: Awaited<ReturnType<typeof payingTenant>>;
    const get = (id: string, token = home.token) => apps().app.post(INVOICE, { Id: id }, token);

    beforeAll(async () => {
      const { app, cards } = apps();
      home = await payingTenant(app, cards, `Invoice Home ${mode}`);
      other = await payingTenant(app, cards, `Invoice Other ${mode}`);
    });

    it('shows the tenant, number, dates, lines and the amounts of the invoice list to the cent', async () => {
      // The test clock stands still: both invoices carry the same second, so they are told apart by amount.
      const first = home.invoices.find((invoice) => invoice.Amount > 0) as Invoice;
      const response = await get(first.Id);
      expect(response.status, response.text).toBe(200);
      const detail = response.body.Result as InvoiceDetail;
      expect(detail).toMatchObject({
        Id: first.Id,
        Number: first.Number,
        Date: first.Date,
        Description: first.Description,
        PeriodStart: first.PeriodStart,
        PeriodEnd: first.PeriodEnd,
        Amount: first.Amount,
        AmountPaid: first.AmountPaid,
        Status: 'paid',
        Company: home.tenant.name,
        Subtotal: 99,
        AmountDue: 99,
        Credit: 0,
        AppliedBalance: 0,
      });
      expect(detail.Number).toMatch(/\S/);
      expect(detail.Lines).toEqual([
        {
          Description: '1 × Plansmith Performance (at $99.00 / month)',
          PeriodStart: first.PeriodStart,
          PeriodEnd: first.PeriodEnd,
          Amount: 99,
        },
      ]);
      expect(detail.PaidAt).toBe(first.Date);
    });

    it("shows a downgrade's negative invoice as a credit kept for the next invoices, its lines adding up to it", async () => {
      const change = home.invoices.find((invoice) => invoice.Amount < 0) as Invoice;
      const response = await get(change.Id);
      expect(response.status, response.text).toBe(200);
      const detail = response.body.Result as InvoiceDetail;
      expect(detail.Amount).toBe(change.Amount);
      expect(detail.Amount).toBe(-50);
      expect(detail).toMatchObject({ Credit: 50, AmountDue: 0, AmountPaid: 0, AppliedBalance: 0 });
      expect(detail.Lines.map((line) => line.Amount)).toEqual([-99, 49]);
      expect(sumCents(detail.Lines.map((line) => line.Amount))).toBe(Math.round(detail.Amount * 100));
    });

    it("answers 404 for another tenant's invoice, an unknown id and an account with no billing, like a missing one", async () => {
      const theirs = other.invoices[0] as Invoice;
      expect((await get(theirs.Id, other.token)).status).toBe(200);
      const foreign = await get(theirs.Id);
      expect(foreign.status, foreign.text).toBe(404);
      expect(foreign.body.Message).toBe('The invoice was not found.');
      expect(foreign.text).not.toContain(other.tenant.name);
      const unknown = await get('in_doesnotexist0000');
      expect(unknown.status, unknown.text).toBe(404);
      expect(unknown.body.Message).toBe('The invoice was not found.');
      const starter: TestTenant = await createTenant(apps().app, { planCode: 'starter' });
      const none = await get(theirs.Id, await starter.tokenFor('owner'));
      expect(none.status, none.text).toBe(404);
    });

    it('is the Owner’s only: an Admin is refused', async () => {
      const admin = await home.tenant.tokenFor('admin');
      expect((await get(home.invoices[0]?.Id ?? '', admin)).status).toBe(403);
    });
  });

let sandbox: TestApp;
let standIn: TestApp;
let withKeys: TestApp;

beforeAll(async () => {
  sandbox = await createTestApp();
  standIn = await createTestApp();
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = standIn.app.server.address() as AddressInfo;
  withKeys = await createTestApp({ config: { stripe: { ...stripeKeysOf(standIn.ctx.config), apiUrl: `http://127.0.0.1:${port}` } } });
});
afterAll(async () => {
  await withKeys?.close();
  await standIn?.close();
  await sandbox?.close();
});

invoiceSuite('sandbox', () => ({ app: sandbox, cards: sandbox }));
invoiceSuite('Stripe keys against a stand-in', () => ({ app: withKeys, cards: standIn }));
