import { afterAll, beforeAll, expect, it } from 'vitest';
import { login } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

it('the demo owner is on Performance billed annually with a Visa 4242, and can change it through the sandbox', async () => {
  const token = (await login(t, 'demo@plansmith.test', 'plansmith-demo-2026')).AccessToken;
  const current = await t.post('/api/BillingClient/GetSubscription', {}, token);
  expect(current.body.Result).toMatchObject({
    PlanCode: 'performance',
    BillingCycle: 'year',
    PerMonth: 79,
    NextChargeAmount: 948,
    PaymentMethod: { Brand: 'visa', Last4: '4242' },
  });
  const changed = await t.post(
    '/api/BillingClient/ChangeSubscription',
    { ProductId: '4f0d7c1e-6a2b-4c39-8e51-000000000003', BillingCycle: 'month' },
    token,
  );
  expect(changed.status).toBe(200);
  expect(changed.body.Result).toMatchObject({ PlanCode: 'performance', BillingCycle: 'month', NextChargeAmount: 99 });
});

it('the demo owner sees the first year’s invoice from the sandbox, after the change made above', async () => {
  const token = (await login(t, 'demo@plansmith.test', 'plansmith-demo-2026')).AccessToken;
  const invoices = await t.post('/api/BillingClient/GetInvoices', {}, token);
  expect(invoices.status).toBe(200);
  const [change, first] = invoices.body.Result;
  expect(invoices.body.Result).toHaveLength(2);
  expect(change.Description).toBe(
    `Unused time on Plansmith Performance after ${change.Date.slice(0, 10)}; 1 × Plansmith Performance (at $99.00 / month)`,
  );
  expect([first]).toEqual([
    expect.objectContaining({
      Number: 'DEMOACME-0001',
      Amount: 948,
      AmountPaid: 948,
      Status: 'paid',
      Description: '1 × Plansmith Performance (at $948.00 / year)',
    }),
  ]);
});
