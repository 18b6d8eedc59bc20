import { type SsoSaveRequest, ssoRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SsoPage } from './sso-page.tsx';
import { createTenant, type TestTenant } from '../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../test/merge-dialog.ts';
import { startProviderBesideApi } from '../../test/sso-provider.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={['/account/sso']}>
          <SsoPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

const saved = (domain: string): SsoSaveRequest => ({
  IssuerUrl: 'http://127.0.0.1:9/issuer',
  ClientId: 'plansmith',
  ClientSecret: 'first-secret',
  Domains: [domain],
  DefaultRole: 'Member',
  RequireSso: false,
  Enabled: true,
});

const saveAs = async (tenant: TestTenant, who: 'owner' | 'admin', body: SsoSaveRequest) => {
  const session = await api.signIn(tenant.users[who].email);
  return api.call(ssoRoutes.save, body, session.AccessToken);
};

describe('the single sign-on screen (real API)', () => {
  it(
    'an Enterprise Owner fills the empty form, saves it, and the secret is then only said to be saved',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso First', planCode: 'enterprise' });
      const domain = `first-${tenant.id.slice(0, 8)}.test`;
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const user = userEvent.setup();
      await screen.findByLabelText('Issuer URL', {}, SLOW);
      // What to register at the identity provider, to copy.
      expect((screen.getByLabelText('Redirect URI') as HTMLInputElement).value).toMatch(/\/sso\/callback$/);

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter the issuer URL.')).toBeTruthy();
      expect(screen.getByText('Enter the client id.')).toBeTruthy();
      expect(screen.getByText('Enter the client secret the identity provider gave you.')).toBeTruthy();
      expect(screen.getByText('Enter at least one e-mail domain.')).toBeTruthy();
      expect(api.sent.filter((request) => request.path === ssoRoutes.save.path)).toEqual([]);

      await user.type(screen.getByLabelText('Issuer URL'), 'http://127.0.0.1:9/realms/acme');
      await user.type(screen.getByLabelText('Client ID'), 'plansmith-app');
      await user.type(screen.getByLabelText('Client secret'), 'shh-very-secret');
      await user.type(screen.getByLabelText('E-mail domains'), `${domain.toUpperCase()}{Enter}`);
      await user.click(screen.getByRole('switch', { name: 'Require single sign-on' }));
      expect(screen.getByText('Passwords stop working for everyone but the Owner')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await screen.findByText('The single sign-on settings were saved.', {}, SLOW);
      const [sent] = api.sent.filter((request) => request.path === ssoRoutes.save.path);
      expect(sent?.body).toEqual({
        IssuerUrl: 'http://127.0.0.1:9/realms/acme',
        ClientId: 'plansmith-app',
        ClientSecret: 'shh-very-secret',
        Domains: [domain],
        DefaultRole: 'Member',
        RequireSso: true,
        Enabled: true,
      });
      await waitFor(() => expect(screen.getByText(/A secret is saved \(it is never shown\)/)).toBeTruthy());
      expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
      const stored = await api.call(ssoRoutes.get, undefined, (await api.signIn(tenant.users.owner.email)).AccessToken);
      expect(stored).toMatchObject({ HasClientSecret: true, Domains: [domain], RequireSso: true, Version: 1 });
    },
    TEST_TIMEOUT,
  );

  it(
    'saving again with the secret left empty keeps the stored one and sends the Version it read',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Keep', planCode: 'enterprise' });
      const domain = `keep-${tenant.id.slice(0, 8)}.test`;
      await saveAs(tenant, 'owner', saved(domain));
      await api.signIn(tenant.users.admin.email);
      renderPage();
      const user = userEvent.setup();
      const clientId = await screen.findByLabelText('Client ID', {}, SLOW);
      await waitFor(() => expect((clientId as HTMLInputElement).value).toBe('plansmith'));
      await user.clear(clientId);
      await user.type(clientId, 'plansmith-2');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('The single sign-on settings were saved.', {}, SLOW);
      const [sent] = api.sent.filter((request) => request.path === ssoRoutes.save.path);
      expect(sent?.body).toMatchObject({ ClientId: 'plansmith-2', Version: 1 });
      expect(sent?.body).not.toHaveProperty('ClientSecret');
    },
    TEST_TIMEOUT,
  );

  it(
    'a domain that is not a domain is refused before the round trip, in the contract’s words',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Bad Domain', planCode: 'enterprise' });
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('E-mail domains', {}, SLOW), 'people@acme.com{Enter}');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('people@acme.com: each domain must be a domain name such as example.com (no @, no scheme).'),
      ).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'someone else’s save in between opens the merge dialog; Save mine over theirs saves with their Version',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Merge', planCode: 'enterprise' });
      const domain = `merge-${tenant.id.slice(0, 8)}.test`;
      await saveAs(tenant, 'owner', saved(domain));
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const user = userEvent.setup();
      const clientId = await screen.findByLabelText('Client ID', {}, SLOW);
      await waitFor(() => expect((clientId as HTMLInputElement).value).toBe('plansmith'));
      // The Admin changes the role of new people meanwhile.
      await saveAs(tenant, 'admin', { ...saved(domain), DefaultRole: 'Admin', Version: 1 });
      await api.signIn(tenant.users.owner.email);
      await user.clear(clientId);
      await user.type(clientId, 'mine');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await findMergeDialog();
      expect(mergeRow(dialog, 'Client ID')).toEqual({ theirs: 'plansmith', mine: 'mine' });
      expect(mergeRow(dialog, 'Role of new people')).toEqual({ theirs: 'Admin', mine: 'Member' });
      await user.click(within(dialog).getByRole('button', { name: /Save mine/ }));
      await screen.findByText('The single sign-on settings were saved.', {}, SLOW);
      const sent = api.sent.filter((request) => request.path === ssoRoutes.save.path).map((request) => request.body);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatchObject({ ClientId: 'mine', Version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'Test connection reports what the issuer answered (here: nothing listens there), without saving',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Test', planCode: 'enterprise' });
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Issuer URL', {}, SLOW), 'http://127.0.0.1:9/nothing-here');
      await user.click(screen.getByRole('button', { name: 'Test connection' }));
      await waitFor(() => expect(api.sent.some((request) => request.path === ssoRoutes.test.path)).toBe(true), SLOW);
      const [sent] = api.sent.filter((request) => request.path === ssoRoutes.test.path);
      expect(sent?.body).toEqual({ IssuerUrl: 'http://127.0.0.1:9/nothing-here' });
      const alert = await screen.findByRole('alert', {}, SLOW);
      expect(alert.textContent?.length).toBeGreaterThan(0);
      expect(api.sent.filter((request) => request.path === ssoRoutes.save.path)).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    'Test connection against a real OpenID Provider shows its issuer and sign-in page',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Test Ok', planCode: 'enterprise' });
      const provider = await startProviderBesideApi({
        clientId: 'plansmith',
        clientSecret: 'secret',
        redirectUri: 'http://127.0.0.1:3122/sso/callback',
        accounts: [],
      });
      try {
        await api.signIn(tenant.users.owner.email);
        renderPage();
        const user = userEvent.setup();
        await user.type(await screen.findByLabelText('Issuer URL', {}, SLOW), provider.issuer);
        await user.click(screen.getByRole('button', { name: 'Test connection' }));
        const status = await screen.findByRole('status', {}, SLOW);
        expect(status.textContent).toContain(`Issuer: ${provider.issuer}`);
        expect(status.textContent).toContain(`Sign-in page: ${provider.issuer}/auth`);
      } finally {
        await provider.stop();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'an account on another plan is told single sign-on needs Enterprise, and no settings are asked for',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Sso Performance', planCode: 'performance' });
      await api.signIn(tenant.users.owner.email);
      renderPage();
      expect(await screen.findByText('Single Sign-On is part of the Enterprise plan', {}, SLOW)).toBeTruthy();
      expect(screen.getByText('Your account is on the Performance plan. Enterprise includes Single Sign-On.')).toBeTruthy();
      expect(await screen.findByRole('link', { name: 'Upgrade to Enterprise' }, SLOW)).toBeTruthy();
      expect(api.sent.some((request) => request.path === ssoRoutes.get.path)).toBe(false);
    },
    TEST_TIMEOUT,
  );
});
