// Single sign-on behind a balancer (issue 35 part A): the sign-in in progress (state, nonce, PKCE
// verifier) and the handoff code live in the database, so an instance finishes what another started,
// and each is used once across instances. Two app instances on one PostgreSQL database, a real
// OpenID Provider on loopback.
import { CLIENT_ID } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { startTestProvider, type TestProvider } from '../../../test/oidc-test-provider.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.ts';

let first: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
let acme: TestTenant;
let provider: TestProvider;
let domain: string;

beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondInstance(first);
  acme = await createTenant(first, { name: 'Acme', planCode: 'enterprise' });
  domain = `acme-${acme.id.slice(0, 8)}.test`;
  provider = await startTestProvider({
    clientId: 'plansmith',
    clientSecret: 'instances-secret',
    redirectUri: `${first.ctx.config.publicUrl}/sso/callback`,
    accounts: [{ email: `ann@${domain}`, givenName: 'Ann', familyName: 'Lee' }],
  });
  const saved = await first.post(
    '/api/SsoClient/Save',
    { IssuerUrl: provider.issuer, ClientId: 'plansmith', ClientSecret: 'instances-secret', Domains: [domain] },
    await acme.tokenFor('owner'),
  );
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await provider?.stop();
  await second?.close();
  await first?.close();
});

const callbackOn = async (instance: { app: TestApp['app'] }, back: URL) => {
  const response = await instance.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
};

describe('two instances on one database', () => {
  it('one starts the sign-in, the other takes the IdP’s return, the first exchanges the handoff; each step works once', async () => {
    const started = await first.post('/api/SsoClient/Start', { Email: `ann@${domain}` });
    expect(started.status, started.text).toBe(200);
    const back = await provider.signIn(started.body.Result.RedirectUrl, `ann@${domain}`);

    const location = await callbackOn(second, back);
    expect(location).toMatch(/^\/login\/sso#handoff=/);
    expect(await callbackOn(first, back)).toMatch(/^\/login\?sso_error=.*already%20used/);

    const handoff = decodeURIComponent(location.slice(location.indexOf('=') + 1));
    const session = await first.post('/api/SsoClient/Complete', { Handoff: handoff, ClientId: CLIENT_ID });
    expect(session.status, session.text).toBe(200);
    const again = await second.post('/api/SsoClient/Complete', { Handoff: handoff, ClientId: CLIENT_ID });
    expect(again.status).toBe(400);
    const profile = await second.post('/api/UserProfileClient/GetUserProfile', {}, session.body.AccessToken);
    expect(profile.body.Result).toMatchObject({ Email: `ann@${domain}`, FirstName: 'Ann', TenantRole: 'Member' });
  });
});
