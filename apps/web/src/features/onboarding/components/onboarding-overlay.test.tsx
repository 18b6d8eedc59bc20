import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api.ts';
import { OnboardingOverlay } from './onboarding-overlay.tsx';

const PROFILE = {
  Id: '11111111-1111-4111-8111-111111111111',
  FirstName: 'Morgan',
  LastName: 'Member',
  Email: 'm@example.test',
  Active: true,
  TenantRole: 'Member',
  MetaData: { CompletedNewUserTour: false },
};
const TENANT = { Id: '22222222-2222-4222-8222-222222222222', Name: 'Acme', ShortName: 'AC', PlanCode: 'performance', MetaData: {} };
const permission = (name: string, granted: boolean) => ({ Name: name, Permission: granted ? 1 : 2, Policy: { Name: name, PolicyType: 1 } });

const setup = (options: { tourDone?: boolean; setupDone?: boolean; canSettings?: boolean }) =>
  fakeApi({
    '/api/UserProfileClient/GetUserProfile': ok({ ...PROFILE, MetaData: { CompletedNewUserTour: options.tourDone ?? false } }),
    '/api/TenantClient/Get': ok({ ...TENANT, MetaData: { CompletedNewAccountSetup: options.setupDone ?? false } }),
    '/api/TenantClient/GetPermissions': ok([permission('Account.Settings', options.canSettings ?? false)]),
    '/api/UserProfileClient/MySave': (body) => ok({ ...PROFILE, MetaData: (body as { MetaData: object }).MetaData }),
    '/api/TenantClient/Save': (body) => ok({ ...TENANT, MetaData: (body as { MetaData: object }).MetaData }),
  });

const renderOverlay = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <OnboardingOverlay />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the onboarding overlay (SPEC.md §4)', () => {
  it('shows the new-account setup to someone with Account.Settings when the tenant has not completed it', async () => {
    setup({ setupDone: false, canSettings: true });
    renderOverlay();
    expect(await screen.findByText('Set up your account')).toBeTruthy();
  });

  it('shows the new-user tour instead to someone without Account.Settings', async () => {
    setup({ setupDone: false, canSettings: false });
    renderOverlay();
    expect(await screen.findByText('Welcome to Plansmith')).toBeTruthy();
  });

  it('shows nothing when both are completed', async () => {
    const calls = setup({ setupDone: true, tourDone: true, canSettings: true });
    renderOverlay();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/TenantClient/GetPermissions')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps forward and back, and finishing records the completed tour', async () => {
    const calls = setup({ setupDone: true, tourDone: false });
    renderOverlay();
    await screen.findByText('Welcome to Plansmith');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Context' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/UserProfileClient/MySave')?.body).toEqual({
        FirstName: 'Morgan',
        LastName: 'Member',
        MetaData: { CompletedNewUserTour: true },
      }),
    );
  });

  it('closing the account setup records it, and the tour of the person who did it', async () => {
    const calls = setup({ setupDone: false, tourDone: false, canSettings: true });
    renderOverlay();
    await screen.findByText('Set up your account');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => {
      expect(calls.find((c) => c.path === '/api/TenantClient/Save')?.body).toEqual({
        Name: 'Acme',
        MetaData: { CompletedNewAccountSetup: true },
      });
      expect(calls.some((c) => c.path === '/api/UserProfileClient/MySave')).toBe(true);
    });
    expect(screen.queryByText('Welcome to Plansmith')).toBeNull();
  });
});
