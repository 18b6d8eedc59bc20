import { SSO_HANDOFF_PARAM, ssoNotSetUpMessage, ssoRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import type { TestProvider } from '../../../../../server/test/oidc-test-provider.ts';
import { clearSession, readSession } from '../../../shared/api/session.ts';
import { SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { startProviderBesideApi } from '../../../test/sso-provider.ts';
import { SsoSignIn } from './sso-sign-in.tsx';

let api: RealApi;
let provider: TestProvider | null = null;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(async () => {
  api.reset();
  await provider?.stop();
  provider = null;
  clearSession();
});
afterAll(() => api.close());

const renderSignIn = (handoff: string | null) => {
  const went: string[] = [];
  const signedIn: number[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <SsoSignIn handoff={handoff} onSignedIn={() => signedIn.push(1)} redirect={(url) => went.push(url)} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { went, signedIn };
};

/** An Enterprise account whose domain signs in through a real OpenID Provider on loopback. */
const accountWithSso = async (label: string) => {
  const tenant = await createTenant(api.server, { name: `Sso ${label}`, planCode: 'enterprise' });
  const domain = `${label}-${tenant.id.slice(0, 8)}.test`;
  const owner = await api.signIn(tenant.users.owner.email);
  const { RedirectUri } = await api.call(ssoRoutes.get, undefined, owner.AccessToken);
  const email = `sam@${domain}`;
  provider = await startProviderBesideApi({
    clientId: `plansmith-${label}`,
    clientSecret: 'provider-secret',
    redirectUri: RedirectUri,
    accounts: [{ email, givenName: 'Sam', familyName: 'Single' }],
  });
  await api.call(
    ssoRoutes.save,
    {
      IssuerUrl: provider.issuer,
      ClientId: `plansmith-${label}`,
      ClientSecret: 'provider-secret',
      Domains: [domain],
      DefaultRole: 'Member',
      RequireSso: false,
      Enabled: true,
    },
    owner.AccessToken,
  );
  clearSession();
  return { tenant, domain, email, provider };
};

/** Through the provider's own login form as `email`, then the server's callback: the handoff it sends to /login/sso. */
const handoffThroughProvider = async (sso: { email: string; provider: TestProvider }, authorizationUrl: string) => {
  const back = await sso.provider.signIn(authorizationUrl, sso.email);
  const callback = await api.server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode, callback.body).toBeGreaterThanOrEqual(300);
  const location = new URL(String(callback.headers.location), 'http://plansmith.test');
  expect(location.pathname, location.href).toBe('/login/sso');
  const handoff = new URLSearchParams(location.hash.slice(1)).get(SSO_HANDOFF_PARAM);
  expect(handoff).toBeTruthy();
  return handoff ?? '';
};

describe('Sign in with SSO (real API and a real OpenID Provider)', () => {
  it(
    'the work e-mail sends the browser to the identity provider; the handoff it brings back signs the person in once',
    async () => {
      const sso = await accountWithSso('signin');
      const first = renderSignIn(null);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Work email'), sso.email);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(first.went).toHaveLength(1), SLOW);
      const authorization = new URL(first.went[0] ?? '');
      expect(authorization.origin).toBe(sso.provider.issuer);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('state')).toBeTruthy();
      expect(authorization.searchParams.get('nonce')).toBeTruthy();

      const handoff = await handoffThroughProvider(sso, authorization.href);
      cleanup();
      api.sent.length = 0;
      const second = renderSignIn(handoff);
      expect(screen.getByRole('status').textContent).toContain('Signing you in…');
      await waitFor(() => expect(second.signedIn).toEqual([1]), SLOW);
      const session = readSession();
      expect(session?.IsAuthenticated).toBe(true);
      expect(session?.UserId).toBeTruthy();
      expect(api.sent.filter((request) => request.path === ssoRoutes.complete.path)).toHaveLength(1);

      // The same code a second time (a reload of the old address): refused, and the e-mail step is offered again.
      cleanup();
      clearSession();
      const again = renderSignIn(handoff);
      expect(await screen.findByText('The single sign-on did not finish', {}, SLOW)).toBeTruthy();
      expect(screen.getByLabelText('Work email')).toBeTruthy();
      expect(again.signedIn).toEqual([]);
      expect(readSession()).toBeNull();
    },
    TEST_TIMEOUT,
  );

  it(
    'an address whose domain has no single sign-on is told so, and the browser stays',
    async () => {
      const { went } = renderSignIn(null);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Work email'), 'pat@nowhere-sso.test');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(ssoNotSetUpMessage('nowhere-sso.test'));
      expect(went).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it('asks for the e-mail before anything is sent', async () => {
    renderSignIn(null);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your email!')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });
});
