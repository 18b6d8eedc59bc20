import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/factories.ts';
import { confirmCard, paymentSetupBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { closingAreas, prorationDate } from './billing.service.ts';

const PREVIEW = '/api/BillingClient/PreviewChange';
const CHANGE = '/api/BillingClient/ChangeSubscription';
const INVOICES = '/api/BillingClient/GetInvoices';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const ENTERPRISE = '4f0d7c1e-6a2b-4c39-8e51-000000000004';
const AGILITY = '4f0d7c1e-6a2b-4c39-8e51-000000000002';
// A 30-day monthly period: 1 November 10:00 to 1 December 10:00 UTC.
const SUBSCRIBED = new Date('2026-11-01T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let email: string;
// The access token lasts 15 minutes and the tests move the clock: sign in at the current time.
const owner = async () => (await login(t, email, SIGNUP_PASSWORD)).AccessToken as string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(SUBSCRIBED);
  const user = await signUp(t);
  const setup = await t.post('/guest/paymentregister/getpaymentsetup', paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE));
  const secret = setup.body.Result.SetupToken as string;
  await confirmCard(t, secret, '4242424242424242');
  const done = await t.post('/guest/paymentregister/finalizePayment', {
    ApplicationId: user.ApplicationId,
    Info: { SetupIntent: { Id: secret.split('_secret_')[0], ClientSecret: secret } },
  });
  expect(done.status, done.text).toBe(200);
  email = user.Email;
});
afterAll(async () => t.close());

const preview = async (productId: string, cycle: 'month' | 'year' = 'month') => {
  const response = await t.post(PREVIEW, { ProductId: productId, BillingCycle: cycle }, await owner());
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Lines: { Description: string; Amount: number }[]; Total: number; ClosingAreas: string[] };
};

describe('prorating a plan change by whole days', () => {
  it('measures unused time from the start of the day in the period', () => {
    const start = SUBSCRIBED.getTime() / 1000;
    expect(prorationDate(start, start + 86_399)).toBe(start);
    expect(prorationDate(start, start + 86_400)).toBe(start + 86_400);
    expect(prorationDate(start, start - 5)).toBe(start);
  });

  it('previews a same-day upgrade at the difference of the prices shown, to the cent, until the day ends', async () => {
    t.clock.set(new Date(SUBSCRIBED.getTime() + 26 * 60_000));
    const sameDay = await preview(ENTERPRISE);
    // By the second this was $150.06 (a $98.94 credit for the 26 minutes used).
    expect(sameDay.Total).toBe(150);
    expect(sameDay.Lines.map((line) => line.Amount)).toEqual([-99, 249]);
    expect(sameDay.ClosingAreas).toEqual([]);
    t.clock.set(new Date(SUBSCRIBED.getTime() + DAY - 1000));
    expect((await preview(ENTERPRISE)).Total).toBe(150);
    // One whole day used of 30: the credit is 29/30 of $99.00 = $95.70.
    t.clock.set(new Date(SUBSCRIBED.getTime() + DAY));
    expect((await preview(ENTERPRISE)).Total).toBe(153.3);
  });

  it('lists what a downgrade closes', async () => {
    expect((await preview(AGILITY)).ClosingAreas).toEqual(['Performance', 'Expectations', 'Objectives', 'Funnels']);
    expect(closingAreas('agility', 'performance')).toEqual([]);
    expect(closingAreas('performance', 'starter')).toContain('Playbook');
  });

  it('invoices the previewed amount when the change is confirmed the same day', async () => {
    t.clock.set(new Date(SUBSCRIBED.getTime() + 26 * 60_000));
    const shown = await preview(ENTERPRISE);
    const changed = await t.post(CHANGE, { ProductId: ENTERPRISE, BillingCycle: 'month' }, await owner());
    expect(changed.status, changed.text).toBe(200);
    const [latest] = (await t.post(INVOICES, {}, await owner())).body.Result as { Amount: number }[];
    expect(latest?.Amount).toBe(shown.Total);
    expect(latest?.Amount).toBe(150);
  });
});
