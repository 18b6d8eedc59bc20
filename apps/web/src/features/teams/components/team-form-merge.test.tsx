import { type Team, teamRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../../../../server/src/schema/teams.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { TeamFormModal } from './team-form-modal.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The owner's team open in the edit dialog; then the Admin renames and deactivates it from the same version. */
const openThenChangedByColleague = async (tenant: TestTenant) => {
  const owner = await api.signIn(tenant.users.owner.email);
  const read = await api.call(teamRoutes.get, { Id: tenant.teamId }, owner.AccessToken);
  const closed: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const form = (team: Team) => (
    <QueryClientProvider client={queryClient}>
      <App>
        <TeamFormModal open team={team} onClose={() => closed.push('closed')} />
      </App>
    </QueryClientProvider>
  );
  const view = render(form(read));
  await screen.findByLabelText('Team name', {}, SLOW);
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  const theirs = await api.call(teamRoutes.save, { Id: read.Id, Version: read.Version, Name: 'Growth (EMEA)', Active: false }, admin);
  return { read, closed, user: userEvent.setup(), refreshed: () => view.rerender(form(theirs)) };
};

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(teams).where(eq(teams.id, id)))[0];

const rename = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const field = screen.getByLabelText('Team name');
  await user.clear(field);
  await user.type(field, name);
};

describe('saving a team a colleague changed meanwhile', () => {
  it(
    'shows their name beside mine; “Save mine over theirs” saves my name from their version and keeps the status only they changed',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Team merge' });
      const { read, closed, user } = await openThenChangedByColleague(tenant);
      await rename(user, 'Growth (US)');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await findMergeDialog();
      expect(within(dialog).getByText(/ changed the team “Growth \(EMEA\)”.* while you were editing\.$/)).toBeTruthy();
      expect(mergeRow(dialog, 'Team name')).toEqual({ theirs: 'Growth (EMEA)', mine: 'Growth (US)' });
      // The status only they changed is no conflict: I left it as I read it.
      expect(within(dialog).queryByText('Active', { selector: 'td' })).toBeNull();
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Growth (EMEA)', version: read.Version + 1 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await waitFor(() => expect(closed).toEqual(['closed']), SLOW);
      // Both people's work: my name and their status.
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Growth (US)', active: false, version: read.Version + 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and closes',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Team keep' });
      const { read, closed, user } = await openThenChangedByColleague(tenant);
      await rename(user, 'Growth (US)');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await findMergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await waitFor(() => expect(closed).toEqual(['closed']), SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Growth (EMEA)', active: false, version: read.Version + 1 });
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps what is typed and the version it opened with when the team on screen refreshes meanwhile',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Team live' });
      const { read, user, refreshed } = await openThenChangedByColleague(tenant);
      await rename(user, 'Growth (US)');
      refreshed();
      expect((screen.getByLabelText('Team name') as HTMLInputElement).value).toBe('Growth (US)');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await findMergeDialog();
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Growth (EMEA)', version: read.Version + 1 });
    },
    TEST_TIMEOUT,
  );
});
