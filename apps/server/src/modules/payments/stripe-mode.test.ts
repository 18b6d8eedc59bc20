import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/signup.ts';

const STRIPE = { secretKey: 'sk_test_configured', publishableKey: 'pk_test_configured', webhookSecret: 'whsec_configured' };

describe('with real Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { stripe: STRIPE } });
  });
  afterAll(async () => t.close());

  it('allows Stripe.js in the CSP of the payment and billing pages only', async () => {
    for (const url of ['/register/payment', '/account/biling', '/Register/Payment?x=1']) {
      const csp = String((await t.get(url)).headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    }
    for (const url of ['/register', '/login', '/register/completed', '/', '/register/payments']) {
      expect(String((await t.get(url)).headers['content-security-policy'])).not.toContain('stripe.com');
    }
  });

  it('answers the configured publishable key, and the sandbox does not exist', async () => {
    const user = await signUp(t);
    const init = await t.post('/guest/paymentregister/InitializePaymentSetup', { ApplicationId: user.ApplicationId });
    expect(init.body.Result).toEqual({ PublicKey: 'pk_test_configured', Sandbox: false });
    const sandbox = await t.request({
      url: '/v1/customers',
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_configured' },
    });
    expect(sandbox.status).toBe(404);
  });
});

describe('in sandbox mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the default CSP on the payment page (the sandbox card form is our own code)', async () => {
    expect(String((await t.get('/register/payment')).headers['content-security-policy'])).not.toContain('stripe.com');
  });
});
