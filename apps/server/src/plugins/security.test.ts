import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { securityHeadersFor } from './security.ts';

const featuresOf = (policy: string | undefined) =>
  Object.fromEntries((policy ?? '').split(', ').map((entry) => entry.split('=') as [string, string]));

describe('Permissions-Policy (issue 28 A8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('pages deny camera, microphone, geolocation, USB, payment and the other features the app never uses', async () => {
    const features = featuresOf(String((await t.get('/login')).headers['permissions-policy']));
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'payment', 'display-capture', 'autoplay']) {
      expect(features[feature], feature).toBe('()');
    }
  });

  it('allows payment only to Stripe.js, only on the pages that load it', () => {
    for (const url of ['/register/payment', '/account/biling']) {
      expect(featuresOf(securityHeadersFor(url, { stripe: true })['permissions-policy']).payment).toBe('(self "https://js.stripe.com")');
      expect(featuresOf(securityHeadersFor(url, { stripe: false })['permissions-policy']).payment).toBe('()');
    }
    expect(featuresOf(securityHeadersFor('/budget', { stripe: true })['permissions-policy']).payment).toBe('()');
  });

  it('is left off JSON answers, which are never documents', () => {
    expect(securityHeadersFor('/api/TenantClient/Get', { stripe: false })).not.toHaveProperty('permissions-policy');
    expect(securityHeadersFor('/api/docs/', { stripe: false })).toHaveProperty('permissions-policy');
  });
});
