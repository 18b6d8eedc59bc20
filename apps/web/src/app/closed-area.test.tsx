import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { RequirePolicy } from './require-policy.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const Where = () => {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
};

/** /objectives behind its real guard (Plan.Performance), with the address shown. */
const renderObjectives = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter initialEntries={['/objectives']}>
          <Routes>
            <Route
              path="/objectives"
              element={
                <RequirePolicy name="objectives">
                  <h1>Objectives page</h1>
                </RequirePolicy>
              }
            />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

describe('a closed area', () => {
  it('shows the Owner the plan that includes it and an upgrade link to Billing with that plan chosen', async () => {
    const tenant = await createTenant(api.server, { name: 'Starter Co', planCode: 'starter' });
    await api.signIn(tenant.users.owner.email);
    renderObjectives();

    // The closed-area screen loads on first use: give its code time to arrive.
    expect(await screen.findByText('Objectives is part of the Performance plan', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Your account is on the Starter plan. Performance and Enterprise include Objectives.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Objectives page' })).toBeNull();
    expect(screen.queryByText(/^Ask /)).toBeNull();
    const upgrade = screen.getByRole('link', { name: 'Upgrade to Performance' });
    expect(upgrade.getAttribute('href')).toBe('/account/biling?plan=performance');
    // The address stays: once the plan includes the area, the same address opens it.
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/objectives');
    await userEvent.click(upgrade);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/account/biling?plan=performance');
  });

  it('tells anyone else which Owner to ask, by name, and offers no upgrade link', async () => {
    const tenant = await createTenant(api.server, { name: 'Agility Co', planCode: 'agility' });
    await api.signIn(tenant.users.member.email);
    renderObjectives();

    expect(
      await screen.findByText(
        'Ask Owner Agility Co, your account Owner, to upgrade the account on the Billing page.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Objectives is part of the Performance plan')).toBeTruthy();
    expect(await screen.findByText('Your account is on the Agility plan. Performance and Enterprise include Objectives.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to the dashboard' });
    expect(within(back).queryByRole('button')).toBeNull();
  });

  it('opens the area itself when the plan includes it', async () => {
    const tenant = await createTenant(api.server, { name: 'Performance Co', planCode: 'performance' });
    await api.signIn(tenant.users.member.email);
    renderObjectives();
    expect(await screen.findByRole('heading', { name: 'Objectives page' })).toBeTruthy();
    expect(screen.queryByText(/is part of the/)).toBeNull();
  });
});
