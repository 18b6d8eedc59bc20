import { approvalRoutes, TEAM_ROLE_LEAD, teamRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { ApprovalsPage } from './approvals-page.tsx';

// A team's Lead sets its approval policy (DESIGN.md §15) but cannot open /account/teams (Owners and
// Admins only), so /approvals shows the policy of each team the caller leads; a Planner sees none.

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/approvals']}>
        <App>
          <ApprovalsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const WAIT = { timeout: 10_000 };

describe('the approvals page', () => {
  it('lets a Lead who is not an Admin set the policy of the team they lead', async () => {
    const tenant = await createTenant(api.server);
    const owner = await tenant.tokenFor('owner');
    await api.call(
      teamRoutes.changeTeamMember,
      { TeamId: tenant.teamId, UserProfileId: tenant.users.member.id, TeamRoleId: TEAM_ROLE_LEAD, Update: true },
      owner,
    );
    await api.signIn(tenant.users.member.email);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Approval policy of the teams you lead' }, WAIT);
    const threshold = await screen.findByLabelText('Expense threshold', {}, WAIT);
    await user.type(threshold, '750');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(async () => {
      const policy = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, owner);
      expect(policy.ExpenseThreshold).toBe(750);
    }, WAIT);
  }, 60_000);

  it('shows a Planner no policy to set', async () => {
    const tenant = await createTenant(api.server);
    await api.signIn(tenant.users.member.email);
    renderPage();
    await waitFor(() => expect(api.sent.some((request) => request.path === '/api/TeamClient/ListView')).toBe(true), WAIT);
    await waitFor(() => expect(api.sent.some((request) => request.path === '/api/ApprovalClient/List')).toBe(true), WAIT);
    expect(screen.queryByRole('heading', { name: 'Approval policy of the teams you lead' })).toBeNull();
    expect(screen.queryByLabelText('Expense threshold')).toBeNull();
  }, 60_000);
});
