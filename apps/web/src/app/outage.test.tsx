import { identityRoutes, teamRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../server/test/factories.ts';
import { reportAvailable, UNAVAILABLE_BANNER_TEXT } from '../shared/api/availability.ts';
import { ApiError } from '../shared/api/api-error.ts';
import { callApi } from '../shared/api/client.ts';
import { readSession } from '../shared/api/session.ts';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { createQueryClient, Providers } from './providers.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => {
  api.reset();
  reportAvailable();
});
afterAll(() => api.close());

const TEAMS_PATH = teamRoutes.listView.path.toLowerCase();

const TeamNames = () => {
  const teams = useQuery({ queryKey: ['outage-test', 'teams'], queryFn: () => callApi(teamRoutes.listView, {}) });
  return <p>{teams.data ? teams.data.map((team) => team.Name).join(', ') : 'No teams yet'}</p>;
};

describe('when the server cannot reach its database (503 with Retry-After)', () => {
  it('tells the user Plansmith is briefly unavailable, waits as told, and loads once the server is back', async () => {
    const tenant = await createTenant(api.server, { name: 'Outage Co' });
    await api.signIn(tenant.users.owner.email);
    api.startOutage();
    render(
      <Providers client={createQueryClient()}>
        <TeamNames />
      </Providers>,
    );

    expect((await screen.findByRole('status')).textContent).toBe(UNAVAILABLE_BANNER_TEXT);
    expect(screen.getByText('No teams yet')).toBeTruthy();
    // Retry-After is 5 s: no second try two seconds later (the default backoff would have tried at 1 s).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.sent.filter((request) => request.path.toLowerCase() === TEAMS_PATH)).toHaveLength(1);

    api.endOutage();
    await screen.findByText('Outage Co Team', {}, { timeout: 12_000 });
    await waitFor(() => expect(screen.queryByText(UNAVAILABLE_BANNER_TEXT)).toBeNull());
    expect(api.sent.filter((request) => request.path.toLowerCase() === TEAMS_PATH).length).toBeGreaterThanOrEqual(2);
  }, 25_000);

  it('keeps the session when its access token expires during the outage: the refresh answered 503, not "signed out"', async () => {
    const tenant = await createTenant(api.server, { name: 'Outage Refresh Co' });
    await api.signIn(tenant.users.owner.email);
    api.startOutage();
    api.server.clock.advance(20 * 60_000); // past the access token's 15 minutes

    const failure = await callApi(teamRoutes.listView, {}).catch((error: unknown) => error);
    expect(api.sent.map((request) => request.path)).toContain(identityRoutes.refresh.path);
    expect(failure).toBeInstanceOf(ApiError);
    expect(readSession()).not.toBeNull();
  });
});
