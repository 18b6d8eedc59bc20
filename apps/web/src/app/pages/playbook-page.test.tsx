import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../../server/test/factories.ts';
import { createPlan } from '../../../../server/test/planning-factories.ts';
import { newId } from '../../../../server/src/lib/ids.ts';
import { teamMembers, teams } from '../../../../server/src/schema/teams.ts';
import { ContextSelectionProvider } from '../../shared/context/context-selection.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { PlaybookPage } from './playbook-page.tsx';

// Issue 28 B5: "Use this play" only for someone who may create plans in a team, the dialog's team
// picker lists only those teams, and a name the team already has is refused on the Name field.

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A play "Product launch" in the tenant's first team, where `member` is a Planner. */
const arrange = async () => {
  const tenant = await createTenant(api.server, { planCode: 'agility' });
  await createPlan(api.server, tenant, { name: 'Product launch', state: 3, startDate: '2026-01-01', endDate: '2026-03-31' });
  return tenant;
};

/** A second team, "Events", with the tenant's member as its Lead. */
const addTeamLedByMember = async (tenant: TestTenant) => {
  const teamId = newId();
  await api.server.ctx.db.insert(teams).values({ tenantId: tenant.id, id: teamId, name: 'Events' });
  await api.server.ctx.db.insert(teamMembers).values({ tenantId: tenant.id, teamId, userId: tenant.users.member.id, teamRoleId: 1 });
  return teamId;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ContextSelectionProvider>
          <App>
            <PlaybookPage />
          </App>
        </ContextSelectionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const WAIT = { timeout: 10_000 };

describe('Use this play', () => {
  it('is not offered to a Planner who may create plans in no team, on the card or in the preview', async () => {
    const tenant = await arrange();
    await api.signIn(tenant.users.member.email);
    renderPage();
    await screen.findByRole('button', { name: 'Preview Product launch' }, WAIT);
    // The user's teams (what the button depends on) have been asked for and answered.
    await waitFor(() => expect(api.sent.some((request) => request.path === '/api/TeamClient/MyList')).toBe(true), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('button', { name: /Use this play/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Product launch' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(within(drawer).queryByRole('button', { name: 'Use this play' })).toBeNull();
  });

  it('lists only the teams the user leads, and shows a repeated name’s refusal on the Name field', async () => {
    const tenant = await arrange();
    const events = await addTeamLedByMember(tenant);
    await createPlan(api.server, tenant, { name: 'Trade show', teamId: events });
    await api.signIn(tenant.users.member.email);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Use this play: Product launch' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    // The play's team is not one the member may create plans in: the dialog picks the team they lead.
    await waitFor(() => expect(within(dialog).getByTitle('Events')).toBeTruthy(), WAIT);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Team' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0), WAIT);
    const listed = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(listed).toEqual(['Events']);
    // The name the dialog suggests is the play's with the year, not the play's own.
    const name = within(dialog).getByRole('textbox', { name: 'Plan name' }) as HTMLInputElement;
    expect(name.value).toMatch(/^Product launch \d{4}$/);
    // A plan of that team already has the name the user types: the refusal shows on the field.
    fireEvent.change(name, { target: { value: 'trade show' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(
      await within(dialog).findByText(
        /^This team already has a plan named “trade show”\. Choose another name, e\.g\. “trade show \d{4}”\.$/,
        {},
        WAIT,
      ),
    ).toBeTruthy();
  });
});
