import { EMPTY_ID, type MarketingPlan, type Objective, type ObjectiveResult, objectiveRoutes, planRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { objectiveResults, objectives } from '../../../../../server/src/schema/objectives.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ObjectiveDrawer } from './objective-drawer.tsx';
import { ResultModal } from './result-modal.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** “Leads Q1” as the Owner read it, open in the drawer, then changed by the Admin from the same version. */
const openThenChangedByColleague = async (tenant: TestTenant) => {
  const created = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const owner = await api.signIn(tenant.users.owner.email);
  const plan: MarketingPlan = await api.call(planRoutes.getMarketingPlan, { MarketingPlanId: created.id }, owner.AccessToken);
  const read: Objective = await api.call(
    objectiveRoutes.save,
    { Id: EMPTY_ID, MarketingPlanId: plan.Id, Name: 'Leads Q1', MetricType: 1, TargetValue: 100 },
    owner.AccessToken,
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ObjectiveDrawer open objective={read} plan={plan} funnelStages={[]} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  await api.call(
    objectiveRoutes.save,
    { Id: read.Id, Version: read.Version, MarketingPlanId: plan.Id, Name: 'Leads Q1', MetricType: 1, TargetValue: 150, Metric: 'MQLs' },
    admin,
  );
  return read;
};

/**
 * The merge dialog. Found by its title's text: under test every antd id is "test-id", so the
 * drawer's and the dialog's accessible names both resolve to the drawer's title.
 */
const mergeDialog = async () =>
  (await screen.findByText('Someone else changed this while you were editing')).closest('[role="dialog"]') as HTMLElement;

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(objectives).where(eq(objectives.id, id)))[0];

const typeTargetAndSave = async (target: string) => {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Target');
  await user.clear(field);
  await user.type(field, target);
  await user.click(await screen.findByRole('button', { name: 'Save objective' }, { timeout: 10_000 }));
  return user;
};

describe('saving an objective a colleague changed meanwhile', () => {
  it('shows their target beside mine and, on “Save mine over theirs”, saves my target from their version and keeps the unit only they set', async () => {
    const tenant = await createTenant(api.server, { name: 'Merge' });
    const read = await openThenChangedByColleague(tenant);
    const user = await typeTargetAndSave('120');

    const dialog = await mergeDialog();
    expect(within(dialog).getByText(/^Admin Merge changed the objective “Leads Q1” at .+ while you were editing\.$/)).toBeTruthy();
    const targetRow = within(dialog).getByText('Target').closest('tr') as HTMLElement;
    expect(within(targetRow).getByText('150')).toBeTruthy();
    expect(within(targetRow).getByText('120')).toBeTruthy();
    // The unit only they set is no conflict: I left it as I read it. Nothing was written before the choice.
    expect(within(dialog).queryByText('MQLs')).toBeNull();
    expect((await rowOf(read.Id))?.targetValue).toBe(150);

    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Objective saved.', {}, { timeout: 10_000 });
    // Both people's work: my target and their unit.
    expect(await rowOf(read.Id)).toMatchObject({ targetValue: 120, metric: 'MQLs', version: 3 });
  });

  it('on “Keep theirs” writes nothing, shows their target in the form, and a next save starts from their version', async () => {
    const tenant = await createTenant(api.server, { name: 'Keep' });
    const read = await openThenChangedByColleague(tenant);
    const user = await typeTargetAndSave('120');

    const dialog = await mergeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await screen.findByText('Kept their version of the objective.', {}, { timeout: 10_000 });
    expect(await rowOf(read.Id)).toMatchObject({ targetValue: 150, metric: 'MQLs', version: 2 });
    expect((screen.getByLabelText('Target') as HTMLInputElement).value).toBe('150');

    // Saving again (Enter in the field) starts from their version: no second 409.
    const target = screen.getByLabelText('Target');
    await user.clear(target);
    await user.type(target, '175{Enter}');
    await screen.findByText('Objective saved.', {}, { timeout: 10_000 });
    expect(await rowOf(read.Id)).toMatchObject({ targetValue: 175, metric: 'MQLs', version: 3 });
  });
});

describe('changing a result a colleague changed meanwhile', () => {
  it('on “Save mine over theirs” keeps the note only they changed with the value only I changed', async () => {
    const tenant = await createTenant(api.server, { name: 'Result' });
    const created = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const owner = await api.signIn(tenant.users.owner.email);
    const made = await api.call(
      objectiveRoutes.save,
      { Id: EMPTY_ID, MarketingPlanId: created.id, Name: 'Leads Q1', MetricType: 1, TargetValue: 100 },
      owner.AccessToken,
    );
    const detail = await api.call(
      objectiveRoutes.saveResult,
      { Id: EMPTY_ID, ObjectiveId: made.Id, Date: '2026-02-10', Value: 10, Note: 'First count' },
      owner.AccessToken,
    );
    const result = detail.Results[0] as ObjectiveResult;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ResultModal open objective={detail} result={result} onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    await api.call(
      objectiveRoutes.saveResult,
      { Id: result.Id, Version: result.Version, ObjectiveId: made.Id, Date: result.Date, Value: 10, Note: 'From the CRM' },
      admin,
    );

    const user = userEvent.setup();
    const value = await screen.findByLabelText('Value');
    await user.clear(value);
    await user.type(value, '12');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    const dialog = await mergeDialog();
    // Only my value differs from theirs; the note only they changed is no conflict.
    expect(within(dialog).queryByText('Note', { selector: 'td' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Result changed.', {}, { timeout: 10_000 });
    const [stored] = await api.server.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.id, result.Id));
    expect(stored).toMatchObject({ value: 12, note: 'From the CRM', version: 3 });
  }, 60_000);
});
