import { type Campaign, campaignRoutes, EMPTY_ID } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../../../../server/src/schema/campaigns.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { CampaignForm } from './campaign-form.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A campaign the owner made, open in the form, then renamed and re-dated by the Admin from the same version. */
const openThenChangedByColleague = async (tenant: TestTenant) => {
  const plan = await createPlan(api.server, tenant);
  const owner = await api.signIn(tenant.users.owner.email);
  const read: Campaign = await api.call(
    campaignRoutes.save,
    { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Spring Launch', StartDate: '2026-03-01', EndDate: '2026-06-30' },
    owner.AccessToken,
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <CampaignForm
          target={{ campaign: read }}
          plan={{ Id: plan.id, StartDate: plan.startDate, EndDate: plan.endDate }}
          campaigns={[read]}
          people={[]}
          fields={[]}
          onClose={() => undefined}
        />
      </App>
    </QueryClientProvider>,
  );
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  await api.call(campaignRoutes.save, { ...read, Name: 'Spring Launch (Admin)', EndDate: '2026-07-31', Version: read.Version }, admin);
  return read;
};

/** The merge dialog's code loads on first use: on a busy machine that takes more than the default second. */
const WAIT = { timeout: 15_000 };

/** The merge dialog (found by its title: in tests antd gives every modal the same aria-labelledby id, so the form's modal would name it). */
const mergeDialog = async () =>
  (await screen.findByText('Someone else changed this while you were editing', {}, WAIT)).closest('[role="dialog"]') as HTMLElement;

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

const renameAndSave = async (name: string) => {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
};

describe('saving a campaign a colleague changed meanwhile (DESIGN.md §13)', () => {
  it('shows their name beside mine and, on “Save mine over theirs”, keeps their new end date', async () => {
    const tenant = await createTenant(api.server, { name: 'Merge' });
    const read = await openThenChangedByColleague(tenant);
    const user = await renameAndSave('Spring Launch 2026');

    const dialog = await mergeDialog();
    expect(
      within(dialog).getByText(/^Admin Merge changed the campaign “Spring Launch \(Admin\)” at .+ while you were editing\.$/),
    ).toBeTruthy();
    const nameRow = within(dialog).getByText('Name').closest('tr') as HTMLElement;
    expect(within(nameRow).getByText('Spring Launch (Admin)')).toBeTruthy();
    expect(within(nameRow).getByText('Spring Launch 2026')).toBeTruthy();
    // The end date only they changed is no conflict, and nothing was written before the choice.
    expect(within(dialog).queryByText('End')).toBeNull();
    expect((await rowOf(read.Id))?.name).toBe('Spring Launch (Admin)');

    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Campaign saved.', {}, WAIT);
    expect(await rowOf(read.Id)).toMatchObject({ name: 'Spring Launch 2026', endDate: '2026-07-31', version: 3 });
  }, 60_000);

  it('on “Keep theirs” writes nothing', async () => {
    const tenant = await createTenant(api.server, { name: 'Keep' });
    const read = await openThenChangedByColleague(tenant);
    const user = await renameAndSave('Mine');
    const dialog = await mergeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await screen.findByText('Kept their version of the campaign.', {}, WAIT);
    expect(await rowOf(read.Id)).toMatchObject({ name: 'Spring Launch (Admin)', version: 2 });
  }, 60_000);
});
