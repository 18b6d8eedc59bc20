import { type Campaign, campaignRoutes, EMPTY_ID } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { and, eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems } from '../../../../server/src/schema/budget.ts';
import { campaigns } from '../../../../server/src/schema/campaigns.ts';
import { createTenant, type TestTenant } from '../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../server/test/planning-factories.ts';
import { ContextSelectionProvider } from '../../shared/context/context-selection.tsx';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { CalendarPage } from './calendar-page.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/**
 * A 2026 plan with a program (Jan–Jun) holding a campaign "Spring launch" (Mar 1–31), a phased item
 * of the campaign (Feb–Mar and May) and an unphased one, and an item of another category without a campaign.
 */
const arrange = async (tenant: TestTenant) => {
  const plan = await createPlan(api.server, tenant, { name: 'Calendar plan', startDate: '2026-01-01', endDate: '2026-12-31' });
  const owner = await tenant.tokenFor('owner');
  const program = await api.call(
    campaignRoutes.save,
    { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Brand program', StartDate: '2026-01-01', EndDate: '2026-06-30' },
    owner,
  );
  const spring = await api.call(
    campaignRoutes.save,
    {
      Id: EMPTY_ID,
      MarketingPlanId: plan.id,
      ParentId: program.Id,
      Name: 'Spring launch',
      StartDate: '2026-03-01',
      EndDate: '2026-03-31',
      OwnerId: tenant.users.member.id,
    },
    owner,
  );
  const media = await createCategory(api.server, tenant, { name: 'Paid media' });
  const events = await createCategory(api.server, tenant, { name: 'Events' });
  const phased = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 300_000,
    name: 'Launch ads',
    months: { '2026-02': 100_000, '2026-03': 100_000, '2026-04': 0, '2026-05': 100_000 },
  });
  const unphased = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: media.id,
    amountCents: 50_000,
    name: 'Launch video',
  });
  await createItem(api.server, tenant, { planId: plan.id, categoryId: events.id, amountCents: 70_000, name: 'Trade fair' });
  for (const item of [phased, unphased]) {
    await api.server.ctx.db
      .update(budgetItems)
      .set({ campaignId: spring.Id })
      .where(and(eq(budgetItems.tenantId, tenant.id), eq(budgetItems.id, item.id)));
  }
  return { plan, program, spring, owner };
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/calendar']}>
        <ContextSelectionProvider>
          <App>
            <CalendarPage />
          </App>
        </ContextSelectionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Picks an option of one of the toolbar's selects (antd draws its list apart from the field). */
const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await waitFor(
    () => expect([...document.querySelectorAll('.ant-select-item-option')].some((node) => node.textContent === option)).toBe(true),
    SLOW,
  );
  const target = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option')]
    .reverse()
    .find((node) => node.textContent === option);
  if (!target) throw new Error(`no option ${option}`);
  fireEvent.click(target);
};

const campaignRow = async (id: string) => (await api.server.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const saves = () => api.sent.filter((request) => request.path === '/api/CampaignClient/Save').map((request) => request.body as Campaign);
const springBar = () => screen.findByRole('button', { name: /^Campaign Spring launch, / }, SLOW);

describe('the calendar', () => {
  it(
    'draws the campaign tree with its items: a phased item over its budget months, an unphased one over its campaign’s dates, loose items under No campaign, and the today line',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Draw' });
      await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      expect(await screen.findByRole('button', { name: 'Program Brand program, Jan 1, 2026 – Jun 30, 2026' }, SLOW)).toBeTruthy();
      expect(await springBar()).toHaveProperty('textContent', 'Spring launch');
      // Feb–Mar is one bar, May another (April has no budget): the link names both.
      expect(
        screen.getByRole('link', { name: 'Budget item Launch ads, budget in Feb 1, 2026 – Mar 31, 2026, May 1, 2026 – May 31, 2026' }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Budget item Launch video, unphased, runs Mar 1, 2026 – Mar 31, 2026' })).toBeTruthy();
      expect(screen.getByText('No campaign', { selector: '.cal-label-text' })).toBeTruthy();
      // The today line (the tenant's day; UTC for a test tenant) sits at today's place on the 3 px-a-day month scale.
      const today = todayInZone('UTC', new Date());
      const line = screen.queryByTestId('today-line');
      if (today.startsWith('2026'))
        expect(line?.style.left).toBe(`${260 + ((Date.parse(today) - Date.parse('2026-01-01')) / 86_400_000) * 3}px`);
      else expect(line).toBeNull();
      expect(screen.getByRole('link', { name: 'Budget item Trade fair, unphased, runs Jan 1, 2026 – Dec 31, 2026' })).toBeTruthy();
      expect(screen.getByText('2 campaigns · 3 items', { exact: false })).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'moves a campaign by a month with the arrow key and stretches its end with Shift+arrow, each save sending the version the last one returned',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Keys' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const user = userEvent.setup();
      (await springBar()).focus();
      await user.keyboard('{ArrowRight}');
      await waitFor(
        async () => expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-04-01', endDate: '2026-04-30', version: 2 }),
        SLOW,
      );
      await screen.findByRole('button', { name: 'Campaign Spring launch, Apr 1, 2026 – Apr 30, 2026' }, SLOW);
      await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
      await waitFor(
        async () => expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-04-01', endDate: '2026-05-31', version: 3 }),
        SLOW,
      );
      expect(saves().map((body) => [body.StartDate, body.EndDate, body.Version])).toEqual([
        ['2026-04-01', '2026-04-30', 1],
        ['2026-04-01', '2026-05-31', 2],
      ]);
      // The unphased item follows its campaign's new dates.
      expect(
        await screen.findByRole('link', { name: 'Budget item Launch video, unphased, runs Apr 1, 2026 – May 31, 2026' }, SLOW),
      ).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'sends quick presses one after another, each with the version the last save returned, so they never conflict with each other',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Quick' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      (await springBar()).focus();
      const user = userEvent.setup({ delay: null });
      await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
      // The bar shows the last press at once.
      expect(screen.getByRole('button', { name: 'Campaign Spring launch, May 1, 2026 – Jun 30, 2026' })).toBeTruthy();
      await waitFor(
        async () => expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-05-01', endDate: '2026-06-30' }),
        SLOW,
      );
      await waitFor(() => expect(api.sent.filter((request) => request.path === '/api/CampaignClient/Save').length).toBeGreaterThan(0));
      const versions = saves().map((body) => body.Version);
      expect(versions).toEqual(versions.map((_, index) => index + 1));
      expect(screen.queryByText('Someone else changed this while you were editing')).toBeNull();
    },
    TEST_TIMEOUT,
  );

  it(
    'drags a campaign bar by whole days and stretches it by its end edge',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Drag' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const bar = await springBar();
      // Month zoom: 3 px a day. 30 px right is 10 days.
      fireEvent.pointerDown(bar, { pointerId: 1, button: 0, clientX: 500 });
      fireEvent.pointerMove(bar, { pointerId: 1, clientX: 530 });
      fireEvent.pointerUp(bar, { pointerId: 1, clientX: 530 });
      fireEvent.click(bar);
      await waitFor(
        async () => expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-03-11', endDate: '2026-04-10', version: 2 }),
        SLOW,
      );
      // The click after the release does not open the details.
      expect(screen.queryByRole('dialog')).toBeNull();

      const moved = await screen.findByRole('button', { name: 'Campaign Spring launch, Mar 11, 2026 – Apr 10, 2026' }, SLOW);
      const end = moved.querySelector('[data-edge="end"]') as HTMLElement;
      fireEvent.pointerDown(end, { pointerId: 2, button: 0, clientX: 700 });
      fireEvent.pointerMove(moved, { pointerId: 2, clientX: 685 });
      fireEvent.pointerUp(moved, { pointerId: 2, clientX: 685 });
      await waitFor(
        async () => expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-03-11', endDate: '2026-04-05', version: 3 }),
        SLOW,
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'shows a colleague’s dates beside mine after a stale move; “Save mine over theirs” keeps their name and writes my dates with their version',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Merge' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const bar = await springBar();
      const admin = await tenant.tokenFor('admin');
      await api.call(
        campaignRoutes.save,
        {
          Id: spring.Id,
          MarketingPlanId: spring.MarketingPlanId,
          Name: 'Spring launch EU',
          StartDate: '2026-03-01',
          EndDate: '2026-03-20',
          OwnerId: spring.OwnerId,
          Version: 1,
        },
        admin,
      );
      bar.focus();
      const user = userEvent.setup();
      await user.keyboard('{ArrowRight}');
      const dialog = await findMergeDialog();
      expect(within(dialog).getByText(/^Admin Merge changed .+ while you were editing\.$/)).toBeTruthy();
      expect(mergeRow(dialog, 'End')).toEqual({ theirs: 'Mar 20, 2026', mine: 'Apr 30, 2026' });
      expect(mergeRow(dialog, 'Start')).toEqual({ theirs: 'Mar 1, 2026', mine: 'Apr 1, 2026' });
      // Their name is no conflict: only the dates are mine.
      expect(within(dialog).queryByText('Name', { selector: 'td' })).toBeNull();
      expect(await campaignRow(spring.Id)).toMatchObject({ endDate: '2026-03-20', version: 2 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await waitFor(
        async () =>
          expect(await campaignRow(spring.Id)).toMatchObject({
            name: 'Spring launch EU',
            startDate: '2026-04-01',
            endDate: '2026-04-30',
            version: 3,
          }),
        SLOW,
      );
      expect(saves().map((body) => body.Version)).toEqual([1, 2]);
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing more and draws their dates',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Keep' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      const bar = await springBar();
      const admin = await tenant.tokenFor('admin');
      await api.call(
        campaignRoutes.save,
        {
          Id: spring.Id,
          MarketingPlanId: spring.MarketingPlanId,
          Name: 'Spring launch',
          StartDate: '2026-03-05',
          EndDate: '2026-03-25',
          OwnerId: spring.OwnerId,
          Version: 1,
        },
        admin,
      );
      bar.focus();
      const user = userEvent.setup();
      await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
      const dialog = await findMergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByRole('button', { name: 'Campaign Spring launch, Mar 5, 2026 – Mar 25, 2026' }, SLOW);
      expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-03-05', endDate: '2026-03-25', version: 2 });
      expect(saves()).toHaveLength(1);
    },
    TEST_TIMEOUT,
  );

  it(
    'tells why the server refused a move (a campaign outside its program) and puts the bar back',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Refused' });
      const { spring, owner } = await arrange(tenant);
      await api.call(campaignRoutes.save, { ...spring, StartDate: '2026-06-01', EndDate: '2026-06-30', Version: 1 }, owner);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      (await screen.findByRole('button', { name: 'Campaign Spring launch, Jun 1, 2026 – Jun 30, 2026' }, SLOW)).focus();
      const user = userEvent.setup();
      // Jun → Jul runs past the program's Jun 30.
      await user.keyboard('{ArrowRight}');
      expect(await screen.findByText('The dates must be within “Brand program” (Jan 1, 2026 to Jun 30, 2026).', {}, SLOW)).toBeTruthy();
      await screen.findByRole('button', { name: 'Campaign Spring launch, Jun 1, 2026 – Jun 30, 2026' }, SLOW);
      expect(await campaignRow(spring.Id)).toMatchObject({ startDate: '2026-06-01', version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'filters by owner and by category and colours by owner, with a legend saying what each colour is',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Filter' });
      await arrange(tenant);
      await api.signIn(tenant.users.owner.email);
      renderPage();
      await springBar();
      const user = userEvent.setup();
      const legend = () =>
        within(screen.getByRole('list', { name: 'Colours' }))
          .getAllByRole('listitem')
          .map((entry) => entry.textContent);
      expect(legend()).toEqual(['Brand program', 'No campaign']);
      await user.click(screen.getByText('Owner', { exact: true, selector: '.ant-segmented-item-label' }));
      expect(legend()).toEqual(['Member Filter', 'No owner']);

      await choose('Owner', 'Member Filter');
      // Spring launch is Member Filter's; its program stays, dimmed, as context; the loose item goes.
      await waitFor(() => expect(screen.getByText('1 campaign · 2 items', { exact: false })).toBeTruthy());
      expect(screen.queryByRole('link', { name: /^Budget item Trade fair/ })).toBeNull();
      expect(screen.getByRole('button', { name: /^Program Brand program/ }).className).toContain('cal-bar-context');

      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await choose('Category', 'Events');
      await waitFor(() => expect(screen.getByText('0 campaigns · 1 item', { exact: false })).toBeTruthy());
      expect(screen.getByRole('link', { name: /^Budget item Trade fair/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Campaign Spring launch/ })).toBeNull();
    },
    TEST_TIMEOUT,
  );

  it(
    'points to Campaigns when the plan has none: a note above its items, or the empty state of a plan with nothing',
    async () => {
      const tenant = await createTenant(api.server, { name: 'None' });
      const plan = await createPlan(api.server, tenant, { name: 'Bare plan' });
      const media = await createCategory(api.server, tenant, { name: 'Paid media' });
      await createItem(api.server, tenant, { planId: plan.id, categoryId: media.id, amountCents: 10_000, name: 'Search ads' });
      await api.signIn(tenant.users.owner.email);
      const { unmount } = renderPage();
      const note = await screen.findByText(/^This plan has no campaigns yet, so its items show under No campaign\./, {}, SLOW);
      expect(within(note).getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
      expect(await screen.findByRole('link', { name: /^Budget item Search ads, unphased/ }, SLOW)).toBeTruthy();
      unmount();

      const empty = await createTenant(api.server, { name: 'Empty' });
      await createPlan(api.server, empty, { name: 'Empty plan' });
      await api.signIn(empty.users.owner.email);
      renderPage();
      expect(await screen.findByText('This plan has no campaigns or budget items yet.', {}, SLOW)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to campaigns' }).getAttribute('href')).toBe('/campaigns');
    },
    TEST_TIMEOUT,
  );

  it(
    'lets a Viewer open a campaign’s details but not move it',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Viewer' });
      const { spring } = await arrange(tenant);
      await api.signIn(tenant.users.viewer.email);
      renderPage();
      const bar = await springBar();
      expect(bar.querySelector('[data-edge]')).toBeNull();
      bar.focus();
      const user = userEvent.setup();
      await user.keyboard('{ArrowRight}');
      await user.keyboard('{Enter}');
      const drawer = await screen.findByRole('dialog', {}, SLOW);
      expect(within(drawer).getByText('Member Viewer', { exact: false })).toBeTruthy();
      expect(within(drawer).getByRole('link', { name: 'Launch ads' })).toBeTruthy();
      expect(saves()).toHaveLength(0);
      expect((await campaignRow(spring.Id))?.version).toBe(1);
    },
    TEST_TIMEOUT,
  );
});
