import { EMPTY_ID, pivotRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { findMergeDialog, mergeRow } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { readRememberedPeriod } from '../lib/period-memory.ts';
import { type BuilderPlan, ReportBuilder } from './report-builder.tsx';

// The report builder against the real server (ReportClient/Pivot, SavedReportClient/*): what it
// shows is the server's own figures, formatted as en-US USD.

let api: RealApi;
// The real server starts on a fresh PGlite: on a loaded machine that takes longer than the default minute.
beforeAll(async () => {
  api = await startRealApi();
}, 180_000);
afterEach(() => {
  api.reset();
  localStorage.clear();
});
afterAll(() => api.close());

const WAIT = { timeout: 15_000 };

/** A plan with Paid media ($1,000.00 + $19.99 phased into Q1/Q2) and Events ($500.50), and Q1/Q2 spend. */
const arrange = async (name: string) => {
  const tenant: TestTenant = await createTenant(api.server, { name });
  const row = await createPlan(api.server, tenant, { name: `${name} plan`, startDate: '2026-01-01', endDate: '2026-12-31' });
  const paid = await createCategory(api.server, tenant, { name: 'Paid media', categoryType: 1, sortOrder: 1 });
  const events = await createCategory(api.server, tenant, { name: 'Events', categoryType: 1, sortOrder: 2 });
  const search = await createItem(api.server, tenant, {
    planId: row.id,
    categoryId: paid.id,
    amountCents: 101_999,
    months: { '2026-01': 100_000, '2026-04': 1_999 },
  });
  const fair = await createItem(api.server, tenant, {
    planId: row.id,
    categoryId: events.id,
    amountCents: 50_050,
    months: { '2026-05': 50_050 },
  });
  await createExpenseRow(api.server, tenant, { planId: row.id, itemId: search.id, amountCents: 1_999, purchaseDate: '2026-01-31' });
  await createExpenseRow(api.server, tenant, { planId: row.id, itemId: fair.id, amountCents: 20_001, purchaseDate: '2026-05-01' });
  const plan: BuilderPlan = { Id: row.id, Name: row.name, StartDate: row.startDate, EndDate: row.endDate };
  const session = await api.signIn(tenant.users.owner.email);
  return { tenant, plan, session, userId: tenant.users.owner.id };
};

const renderBuilder = (plan: BuilderPlan, userId: string, entry = '/reports/builder') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <App>
          <ReportBuilder plans={[plan]} contextPlan={plan} userId={userId} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Picks an antd Select's option; a searchable one is typed into first, as its long lists draw only the options in view. */
const choose = async (label: string, option: string) => {
  const combobox = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  if (!combobox.hasAttribute('readonly')) fireEvent.change(combobox, { target: { value: option } });
  await waitFor(
    () => expect([...document.querySelectorAll('.ant-select-item-option')].some((node) => node.textContent === option)).toBe(true),
    WAIT,
  );
  const target = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option')]
    .reverse()
    .find((node) => node.textContent === option);
  if (!target) throw new Error(`no option ${option}`);
  fireEvent.click(target);
};

const table = () => screen.findByRole('region', { name: 'Report table' }, WAIT);
const rowOf = async (label: string) => {
  const region = await table();
  return (
    within(region)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith(label)) ?? null
  );
};

describe('the report builder', () => {
  it('shows the plan’s money by category with the total in USD, then by category and quarter with a subtotal per category', async () => {
    const { plan, userId } = await arrange('Pivot Screen Co');
    renderBuilder(plan, userId);
    await waitFor(async () => expect((await rowOf('Paid media'))?.textContent).toContain('$1,019.99'), WAIT);
    // Budget, Actual, Available: Paid media $1,019.99 − $19.99 = $1,000.00; Events $500.50 − $200.01 = $300.49.
    expect((await rowOf('Paid media'))?.textContent).toBe('Paid media$1,019.99$19.99$1,000.00');
    expect((await rowOf('Events'))?.textContent).toBe('Events$500.50$200.01$300.49');
    expect((await rowOf('Total'))?.textContent).toBe('Total$1,520.49$220.00$1,300.49');

    await choose('Then by', 'Item type');
    fireEvent.click(screen.getByText('Quarter'));
    await waitFor(async () => expect(within(await table()).getByText('Q2 2026')).toBeTruthy(), WAIT);
    const subtotal = await waitFor(async () => {
      const line = (await rowOf('Paid media'))?.parentElement?.querySelector('.report-line-subtotal');
      expect(line).toBeTruthy();
      return line as HTMLElement;
    }, WAIT);
    // The subtotal of Paid media: Q1 budget $1,000.00, Q2 $19.99, the year $1,019.99.
    expect(subtotal.textContent).toContain('Subtotal');
    expect(subtotal.textContent).toContain('$1,000.00');
    expect(subtotal.textContent).toContain('$19.99');
    expect(api.sent.filter((request) => request.path === pivotRoutes.pivot.path).at(-1)?.body).toMatchObject({
      Rows: ['Category', 'ItemType'],
      Columns: 'Quarter',
      From: '2026-01-01',
      To: '2026-12-31',
    });
  }, 60_000);

  it('remembers the period a person picks, for the next report, and not for someone else on the same browser', async () => {
    const { plan, userId } = await arrange('Pivot Period Co');
    const first = renderBuilder(plan, userId);
    await rowOf('Total');
    await choose('From', 'Apr 2026');
    await choose('To', 'Jun 2026');
    await waitFor(() => expect(readRememberedPeriod(userId)).toEqual({ From: '2026-04-01', To: '2026-06-30' }), WAIT);
    // Apr–Jun: Paid media's $19.99 and Events' $500.50 budget, Events' $200.01 actual.
    await waitFor(async () => expect((await rowOf('Total'))?.textContent).toBe('Total$520.49$200.01$320.48'), WAIT);
    first.unmount();

    renderBuilder(plan, userId);
    await waitFor(async () => expect((await rowOf('Total'))?.textContent).toBe('Total$520.49$200.01$320.48'), WAIT);
    expect(screen.getByRole('combobox', { name: 'From' }).closest('.ant-select')?.textContent).toContain('Apr 2026');
    screen.getByText('Slice the plans’ money by any dimension · Apr 2026 – Jun 2026');
    cleanup();

    // Someone else signing in on this browser starts from the plan's own period.
    renderBuilder(plan, 'someone-else');
    await waitFor(async () => expect((await rowOf('Total'))?.textContent).toBe('Total$1,520.49$220.00$1,300.49'), WAIT);
    screen.getByText('Slice the plans’ money by any dimension · Jan 2026 – Dec 2026');
  }, 60_000);

  it('keeps only the money of the values a filter picks, from the dimension’s own rows', async () => {
    const { plan, userId } = await arrange('Pivot Filter Co');
    const user = userEvent.setup();
    renderBuilder(plan, userId);
    await rowOf('Total');
    await user.click(screen.getByRole('button', { name: /Add filter/ }));
    await choose('Category values', 'Events');
    await waitFor(async () => expect((await rowOf('Total'))?.textContent).toBe('Total$500.50$200.01$300.49'), WAIT);
    expect(await rowOf('Paid media')).toBeNull();
    expect(api.sent.filter((request) => request.path === pivotRoutes.pivot.path).at(-1)?.body).toMatchObject({
      Filters: [{ Dimension: 'Category', Values: [expect.any(String)] }],
    });
  }, 60_000);

  it('compares with the prior year: each measure gets its prior-year column beside it', async () => {
    const { plan, userId } = await arrange('Pivot Compare Co');
    renderBuilder(plan, userId);
    await rowOf('Total');
    await choose('Compare with', 'Prior year');
    await waitFor(async () => expect(within(await table()).getByText('Actual (prior year)')).toBeTruthy(), WAIT);
    // Nothing was spent in 2025: the prior-year figures are $0.00.
    expect((await rowOf('Total'))?.textContent).toBe('Total$1,520.49$0.00$220.00$0.00$1,300.49$0.00');
    screen.getByText('Jan 2026 – Dec 2026 compared with Jan 2025 – Dec 2025');
  }, 60_000);

  it('saves the report shared, opens it again from the list and deletes it', async () => {
    const { plan, userId, session } = await arrange('Pivot Save Co');
    const user = userEvent.setup();
    renderBuilder(plan, userId);
    await rowOf('Total');
    await choose('Rows', 'GL code');
    await user.click(screen.getByRole('button', { name: /Save…/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByLabelText('Report name'), 'Spend by GL code');
    await user.click(within(dialog).getByLabelText('Everyone in the account (shared)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    await screen.findByRole('heading', { name: 'Spend by GL code' }, WAIT);
    const [saved] = await api.call(pivotRoutes.listSavedReports, {}, session.AccessToken);
    expect(saved).toMatchObject({ Name: 'Spend by GL code', Shared: true, Definition: { Rows: ['GLCode'], MarketingPlanIds: [plan.Id] } });

    await user.click(screen.getByRole('button', { name: 'New report' }));
    await screen.findByRole('heading', { name: 'Report builder' }, WAIT);
    await choose('Open a saved report', 'Spend by GL code (shared)');
    await screen.findByRole('heading', { name: 'Spend by GL code' }, WAIT);
    expect(screen.getByRole('combobox', { name: 'Rows' }).closest('.ant-select')?.textContent).toContain('GL code');

    await user.click(screen.getByRole('button', { name: /Delete report/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }, WAIT));
    await screen.findByRole('heading', { name: 'Report builder' }, WAIT);
    expect(await api.call(pivotRoutes.listSavedReports, {}, session.AccessToken)).toEqual([]);
  }, 60_000);

  it('asks theirs or mine when someone changed the report since it was opened, and saves mine over theirs with their version', async () => {
    const { plan, userId, session } = await arrange('Pivot Merge Co');
    const definition = { MarketingPlanIds: [plan.Id], Rows: ['Category'], Columns: 'None' as const, Measures: ['Budget' as const] };
    const created = await api.call(
      pivotRoutes.saveSavedReport,
      { Id: EMPTY_ID, Name: 'Quarterly spend', Shared: false, Definition: definition },
      session.AccessToken,
    );
    const user = userEvent.setup();
    renderBuilder(plan, userId, `/reports/builder?report=${created.Id}`);
    await screen.findByRole('heading', { name: 'Quarterly spend' }, WAIT);
    await rowOf('Total');
    // Meanwhile, in another tab: renamed (version 2).
    await api.call(
      pivotRoutes.saveSavedReport,
      { Id: created.Id, Name: 'Quarterly spend (old)', Shared: false, Definition: definition, Version: created.Version },
      session.AccessToken,
    );

    await choose('Rows', 'GL code');
    await user.click(screen.getByRole('button', { name: /Save…/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const merge = await findMergeDialog();
    expect(mergeRow(merge, 'Name')).toEqual({ theirs: 'Quarterly spend (old)', mine: 'Quarterly spend' });
    await user.click(within(merge).getByRole('button', { name: /Save mine over theirs/ }));
    await waitFor(async () => {
      const [saved] = await api.call(pivotRoutes.listSavedReports, {}, session.AccessToken);
      expect(saved).toMatchObject({ Name: 'Quarterly spend', Version: 3, Definition: { Rows: ['GLCode'] } });
    }, WAIT);
  }, 60_000);

  it('says when the period has no money, and offers to try again when the report cannot be built', async () => {
    const { plan, userId } = await arrange('Pivot States Co');
    localStorage.setItem(`report_period:${userId}`, JSON.stringify({ From: '2030-01-01', To: '2030-03-31' }));
    const first = renderBuilder(plan, userId);
    await screen.findByText(/No money in Jan 2030 – Mar 2030 for these plans and filters/, {}, WAIT);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toHaveProperty('disabled', true);
    first.unmount();

    localStorage.clear();
    api.dropRequestsTo(pivotRoutes.pivot.path);
    renderBuilder(plan, userId);
    await screen.findByText('The report could not be built.', {}, WAIT);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 60_000);
});
