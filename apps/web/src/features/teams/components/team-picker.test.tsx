import { teamRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { CONTEXT_TEAM_KEY } from '../../../shared/api/session.ts';
import { ContextSelectionProvider } from '../../../shared/context/context-selection.tsx';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { TeamPicker } from './team-picker.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/**
 * A tenant whose Outsider (in no team at first) joins the given new teams as a Planner,
 * all through the real API as the tenant's Admin. Signs the Outsider in.
 */
const signInWithTeams = async (names: string[]) => {
  const tenant = await createTenant(api.server, { name: 'Zeta' });
  const admin = await tenant.tokenFor('admin');
  const teams = [];
  for (const name of names) {
    const team = await api.call(teamRoutes.save, { Name: name }, admin);
    await api.call(
      teamRoutes.changeTeamMember,
      { TeamId: team.Id, UserProfileId: tenant.users.outsider.id, TeamRoleId: 2, Add: true },
      admin,
    );
    teams.push(team);
  }
  await api.signIn(tenant.users.outsider.email);
  return { tenant, admin, teams };
};

const renderPicker = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContextSelectionProvider>
        <TeamPicker />
      </ContextSelectionProvider>
    </QueryClientProvider>,
  );

describe('the context team picker (SPEC.md §4)', () => {
  it('falls back to the first of the user’s teams when none was chosen', async () => {
    const { teams } = await signInWithTeams(['Demand', 'Brand']);
    renderPicker();
    expect(await screen.findByText('Brand')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(teams[1]?.Id));
  });

  it('keeps the last chosen team', async () => {
    const { teams } = await signInWithTeams(['Brand', 'Demand']);
    localStorage.setItem(CONTEXT_TEAM_KEY, teams[1]?.Id ?? '');
    renderPicker();
    expect(await screen.findByText('Demand')).toBeTruthy();
    expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(teams[1]?.Id);
  });

  it('replaces a remembered team the user no longer has with the first one', async () => {
    const { tenant, admin, teams } = await signInWithTeams(['Brand', 'Demand']);
    const [brand, demand] = teams;
    localStorage.setItem(CONTEXT_TEAM_KEY, brand?.Id ?? '');
    await api.call(teamRoutes.changeTeamMember, { TeamId: brand?.Id ?? '', UserProfileId: tenant.users.outsider.id }, admin);
    renderPicker();
    expect(await screen.findByText('Demand')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBe(demand?.Id));
  });

  it('says so when the user has no team', async () => {
    await signInWithTeams([]);
    renderPicker();
    expect(await screen.findByText('No teams yet')).toBeTruthy();
  });
});
