import { type MarketingPlan, planRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marketingPlans } from '../../../../../server/src/schema/plans.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { PlanFormModal } from './plan-form-modal.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A plan the owner opened in the edit form, then changed by the Admin from the same version. */
const openThenChangedByColleague = async (tenant: TestTenant) => {
  const owner = await api.signIn(tenant.users.owner.email);
  const read = await api.call(
    planRoutes.save,
    { Name: 'Q1 launch', Description: 'Paid and events', TeamId: tenant.teamId, StartDate: '2027-01-01', EndDate: '2027-12-31' },
    owner.AccessToken,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const form = (plan: MarketingPlan) => (
    <QueryClientProvider client={queryClient}>
      <App>
        <PlanFormModal open plan={plan} defaultTeamId={tenant.teamId} onClose={() => undefined} />
      </App>
    </QueryClientProvider>
  );
  const view = render(form(read));
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  const theirs = await api.call(
    planRoutes.save,
    { Id: read.Id, Version: read.Version, Name: 'Q1 launch (EMEA)', Description: 'Their notes', TeamId: tenant.teamId },
    admin,
  );
  /** The page refreshes the plan it passes in (a refetch or a live event) while the dialog is open. */
  const refreshed = () => view.rerender(form(theirs));
  return { read, refreshed };
};

const MERGE_TITLE = 'Someone else changed this while you were editing';
/** The real server answers within seconds on a busy machine, not always within the default second. */
const SLOW = { timeout: 15_000 };
/** Typing into the real form and two round trips to the real server: more than the default 20 s on a busy machine. */
const TEST_TIMEOUT = 60_000;

/**
 * The merge dialog, found by its title: in tests antd gives every modal the same aria-labelledby
 * id ("test-id"), so with the plan dialog open beneath it both are named after the first title.
 */
const mergeDialog = async () => (await screen.findByText(MERGE_TITLE, {}, SLOW)).closest('[role="dialog"]') as HTMLElement;

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.id, id)))[0];

const renameAndSave = async (name: string) => {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
};

describe('saving a plan a colleague changed meanwhile', () => {
  it(
    'shows their values beside mine and, on “Save mine over theirs”, saves mine from their version',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Merge' });
      const { read } = await openThenChangedByColleague(tenant);
      const user = await renameAndSave('Q1 launch (US)');

      const dialog = await mergeDialog();
      expect(within(dialog).getByText(/^Admin Merge changed the plan “Q1 launch \(EMEA\)” at .+ while you were editing\.$/)).toBeTruthy();
      const nameRow = within(dialog).getByText('Name').closest('tr') as HTMLElement;
      expect(within(nameRow).getByText('Q1 launch (EMEA)')).toBeTruthy();
      expect(within(nameRow).getByText('Q1 launch (US)')).toBeTruthy();
      // The description only they changed is no conflict: I left it as I read it.
      expect(within(dialog).queryByText('Description')).toBeNull();
      // Nothing was written before the choice.
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Q1 launch (EMEA)', version: 2 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Plan saved.', {}, SLOW);
      // Both people's work: my name and their description.
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Q1 launch (US)', description: 'Their notes', version: 3 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Save mine over theirs” keeps the field only they changed (their end date) with the field only I changed (my name)',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Both' });
      const owner = await api.signIn(tenant.users.owner.email);
      const read = await api.call(
        planRoutes.save,
        { Name: 'Q1 launch', Description: 'Paid and events', TeamId: tenant.teamId, StartDate: '2027-01-01', EndDate: '2027-12-31' },
        owner.AccessToken,
      );
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <PlanFormModal open plan={read} defaultTeamId={tenant.teamId} onClose={() => undefined} />
          </App>
        </QueryClientProvider>,
      );
      const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
      await api.call(
        planRoutes.save,
        {
          Id: read.Id,
          Version: read.Version,
          Name: read.Name,
          Description: read.Description,
          TeamId: tenant.teamId,
          EndDate: '2027-06-30',
        },
        admin,
      );
      const user = await renameAndSave('Q1 launch (US)');

      const dialog = await mergeDialog();
      // Nothing of mine conflicts with theirs: the dialog lists no field I left alone.
      expect(within(dialog).queryByText('End date')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Plan saved.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({
        name: 'Q1 launch (US)',
        description: 'Paid and events',
        endDate: '2027-06-30',
        version: 3,
      });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and keeps their change',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Keep' });
      const { read } = await openThenChangedByColleague(tenant);
      const user = await renameAndSave('Q1 launch (US)');

      const dialog = await mergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their version of the plan.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Q1 launch (EMEA)', description: 'Their notes', version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps the version it was opened with when the plan on screen refreshes meanwhile: their change is not overwritten unseen',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Live' });
      const { read, refreshed } = await openThenChangedByColleague(tenant);
      const user = userEvent.setup();
      const field = await screen.findByLabelText('Name');
      await user.clear(field);
      await user.type(field, 'Q1 launch (US)');
      refreshed();
      // What the person typed stays; the save still carries the version they read.
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Q1 launch (US)');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await mergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their version of the plan.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Q1 launch (EMEA)', version: 2 });
    },
    TEST_TIMEOUT,
  );
});
