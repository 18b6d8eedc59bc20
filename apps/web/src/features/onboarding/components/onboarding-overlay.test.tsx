import { tenantRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { usePermissions, useProfile, useTenant } from '../../../shared/api/identity.ts';
import { OnboardingOverlay } from './onboarding-overlay.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/**
 * A new tenant "Acme" and one of its people signed in: the Admin holds Account.Settings, the
 * Member does not. Completed setup or tour are recorded through the real API beforehand.
 */
const setup = async (options: { tourDone?: boolean; setupDone?: boolean; canSettings?: boolean }) => {
  const tenant = await createTenant(api.server, { name: 'Acme' });
  const person = tenant.users[options.canSettings ? 'admin' : 'member'];
  if (options.setupDone) {
    await api.call(tenantRoutes.saveTenant, { Name: 'Acme', MetaData: { CompletedNewAccountSetup: true } }, await tenant.tokenFor('owner'));
  }
  const { AccessToken } = await api.signIn(person.email);
  if (options.tourDone) {
    const profile = await api.call(tenantRoutes.getUserProfile, {}, AccessToken);
    await api.call(
      tenantRoutes.mySave,
      { FirstName: profile.FirstName, LastName: profile.LastName, MetaData: { CompletedNewUserTour: true } },
      AccessToken,
    );
  }
  return { token: AccessToken };
};

/**
 * Reads what the overlay reads, from the same cache: once it says "loaded", the overlay has
 * rendered with the same answers (observers of one query re-render in the same commit).
 */
const LoadedProbe = () => {
  const profile = useProfile();
  const tenant = useTenant();
  const permissions = usePermissions();
  const loaded = Boolean(profile.data && tenant.data && permissions.data);
  return <output>{loaded ? 'loaded' : 'loading'}</output>;
};

const renderOverlay = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <OnboardingOverlay />
          <LoadedProbe />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

describe('the onboarding overlay (SPEC.md §4)', () => {
  it('shows the new-account setup to someone with Account.Settings when the tenant has not completed it', async () => {
    await setup({ setupDone: false, canSettings: true });
    renderOverlay();
    expect(await screen.findByText('Set up your account')).toBeTruthy();
  });

  it('shows the new-user tour instead to someone without Account.Settings', async () => {
    await setup({ setupDone: false, canSettings: false });
    renderOverlay();
    expect(await screen.findByText('Welcome to Plansmith')).toBeTruthy();
  });

  it('shows nothing when both are completed', async () => {
    await setup({ setupDone: true, tourDone: true, canSettings: true });
    renderOverlay();
    await screen.findByText('loaded');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps forward and back, and finishing records the completed tour', async () => {
    const { token } = await setup({ setupDone: true, tourDone: false });
    renderOverlay();
    await screen.findByText('Welcome to Plansmith');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Context' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await vi.waitFor(async () =>
      expect(await api.call(tenantRoutes.getUserProfile, {}, token)).toMatchObject({
        FirstName: 'Member',
        LastName: 'Acme',
        MetaData: { CompletedNewUserTour: true },
      }),
    );
  });

  it('closing the account setup records it, and the tour of the person who did it', async () => {
    const { token } = await setup({ setupDone: false, tourDone: false, canSettings: true });
    renderOverlay();
    await screen.findByText('Set up your account');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(async () => {
      expect(await api.call(tenantRoutes.getTenant, undefined, token)).toMatchObject({
        Name: 'Acme',
        MetaData: { CompletedNewAccountSetup: true },
      });
      expect((await api.call(tenantRoutes.getUserProfile, {}, token)).MetaData.CompletedNewUserTour).toBe(true);
    });
    expect(screen.queryByText('Welcome to Plansmith')).toBeNull();
  });
});
