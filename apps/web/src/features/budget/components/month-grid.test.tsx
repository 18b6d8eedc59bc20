import { budgetRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { buildRows } from '../lib/budget-rows.ts';
import { MonthGrid } from './month-grid.tsx';

let api: RealApi;
// happy-dom lays nothing out: the grid's scroller is given the size a browser would, so that the
// virtualiser draws its rows (it reads clientWidth and clientHeight).
const sizes = ['clientWidth', 'clientHeight'] as const;
const layout = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
// Mid-March 2026: March to June are the open months of a January–June plan.
beforeAll(async () => {
  for (const [name, original] of layout) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('month-grid')) return name === 'clientWidth' ? 1200 : 600;
        return original?.get?.call(this) ?? 0;
      },
    });
  }
  api = await startRealApi({ clock: createTestClock(new Date('2026-03-15T12:00:00Z')) });
});
afterEach(() => api.reset());
afterAll(async () => {
  for (const [name, original] of layout) if (original) Object.defineProperty(HTMLElement.prototype, name, original);
  await api.close();
});

/** A January–June plan with two categories of two items each, shown in the month grid to its Planner. */
const showGrid = async () => {
  const tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const media = await createCategory(api.server, tenant, { name: 'Paid media', sortOrder: 1 });
  const events = await createCategory(api.server, tenant, { name: 'Events', sortOrder: 2 });
  const item = (name: string, categoryId: string, amountCents: number) =>
    createItem(api.server, tenant, { planId: plan.id, categoryId, name, amountCents });
  await item('Google Ads', media.id, 2_400_000);
  await item('LinkedIn Ads', media.id, 600_000);
  await item('Trade shows', events.id, 1_200_000);
  await item('Webinars', events.id, 300_000);
  const session = await api.signIn(tenant.users.member.email);
  const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MonthGrid planId={plan.id} startDate={plan.startDate} endDate={plan.endDate} rows={buildRows(items)} view="Months" canEdit />
      </App>
    </QueryClientProvider>,
  );
  // The phasing comes from the real server: on a busy machine the first answer takes a while.
  await screen.findByRole('table', { name: 'Budget by month' }, { timeout: 20_000 });
  return { user: userEvent.setup() };
};

const cell = async (label: string) => screen.findByLabelText(new RegExp(`^${label}: `));
const focusedLabel = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName;
const setMonthBodies = () => api.sent.filter((request) => request.path === '/api/BudgetItemClient/SetMonth').map((request) => request.body);

describe('the month grid’s keyboard', () => {
  it('ArrowDown from the last item of a category lands on the next category’s first item in the same month, and typing edits that cell', async () => {
    const { user } = await showGrid();
    await user.click(await cell('LinkedIn Ads, Mar 2026'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedLabel()).toMatch(/^Trade shows, Mar 2026: /));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(focusedLabel()).toMatch(/^LinkedIn Ads, Mar 2026: /));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedLabel()).toMatch(/^Trade shows, Mar 2026: /));
    await user.keyboard('750{Enter}');
    await waitFor(() => expect(setMonthBodies()).toHaveLength(1));
    expect(setMonthBodies()[0]).toMatchObject({ Month: '2026-03', Amount: 750, YearTotal: null });
    // The grid shows the saved month once the server's answer is back (a while on a busy machine).
    await waitFor(async () => expect(await cell('Trade shows, Mar 2026')).toHaveProperty('textContent', '$750.00'), { timeout: 10_000 });
  });

  it('stays on the first item when ArrowUp would leave the grid for the category row above it', async () => {
    const { user } = await showGrid();
    await user.click(await cell('Google Ads, Apr 2026'));
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    await waitFor(() => expect(focusedLabel()).toMatch(/^Google Ads, Mar 2026: /));
  });

  it('keeps the typed digits in the cell the keys went to when the frames that move the focus come late', async () => {
    // A slow phone: animation frames run only when the test says so (the browser's, not our code).
    const frames = new Map<number, FrameRequestCallback>();
    let nextFrame = 0;
    const runFrames = () => {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(performance.now());
    };
    const { requestAnimationFrame: realRequest, cancelAnimationFrame: realCancel } = window;
    window.requestAnimationFrame = (callback) => {
      nextFrame += 1;
      frames.set(nextFrame, callback);
      return nextFrame;
    };
    window.cancelAnimationFrame = (id) => void frames.delete(id);
    try {
      const { user } = await showGrid();
      await user.click(await cell('Google Ads, Mar 2026'));
      runFrames();
      await user.keyboard('{ArrowRight}{ArrowRight}7');
      runFrames();
      await user.keyboard('5{Enter}');
      await waitFor(() => expect(setMonthBodies()).toHaveLength(1));
      expect(setMonthBodies()[0]).toMatchObject({ Month: '2026-05', Amount: 75 });
    } finally {
      window.requestAnimationFrame = realRequest;
      window.cancelAnimationFrame = realCancel;
    }
  });
});

describe('a month edit that changes the year total', () => {
  it('says so in the toast and keeps the year total when asked, the other open months taking the difference to the cent', async () => {
    const { user } = await showGrid();
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('5000{Enter}');
    expect(
      await screen.findByText(/^Google Ads: \$24,000\.00 → \$25,000\.00 for the year \(Mar 2026: \$4,000\.00 → \$5,000\.00\)/, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(setMonthBodies()[0]).toMatchObject({ Month: '2026-03', Amount: 5000, YearTotal: null });
    expect(screen.getByRole('button', { name: 'Undo: changed Google Ads, Mar 2026' })).toBeTruthy();

    // antd's message layer is pointer-events: none with its notices set back to all, a rule
    // happy-dom does not apply; the click itself is what a person does.
    fireEvent.click(screen.getByRole('button', { name: 'Keep the year total' }));
    await waitFor(() => expect(setMonthBodies()).toHaveLength(2));
    expect(setMonthBodies()[1]).toMatchObject({ Month: '2026-03', Amount: 5000, YearTotal: 24000 });
    // The server's answer takes a while on a busy machine.
    expect(await screen.findByText(/-\$1,000\.00 spread over 3 other open months/, undefined, { timeout: 10_000 })).toBeTruthy();
    // $1,000.00 over April–June: 333.34, 333.33, 333.33; January and February are past and stay.
    await waitFor(async () => expect((await cell('Google Ads, Budget')).textContent).toBe('$24,000.00'));
    const shown = await Promise.all(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map(async (month) => (await cell(`Google Ads, ${month} 2026`)).textContent),
    );
    expect(shown).toEqual(['$4,000.00', '$4,000.00', '$5,000.00', '$3,666.66', '$3,666.67', '$3,666.67']);
  });

  it('saves nothing when a month’s own amount is typed again without its cents', async () => {
    const { user } = await showGrid();
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('4000{Enter}');
    await waitFor(() => expect(focusedLabel()).toMatch(/^Google Ads, Mar 2026: \$4,000\.00/));
    expect(setMonthBodies()).toEqual([]);
  });

  it('keeps the year total from the start when the grid is set to', async () => {
    const { user } = await showGrid();
    await user.click(await screen.findByRole('checkbox', { name: 'Keep the year total when I change a month' }));
    await user.click(await cell('Webinars, Jun 2026'));
    await user.keyboard('0{Enter}');
    expect(
      await screen.findByText(
        /^Webinars: the year total stays \$3,000\.00 \(Jun 2026: \$500\.00 → \$0\.00; \$500\.00 spread over 3 other open months\)/,
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    // An unphased item's months are its Amount spread: its version stands for every cell (DESIGN.md §13).
    expect(setMonthBodies()).toEqual([
      { BudgetItemId: expect.any(String), Month: '2026-06', Amount: 0, YearTotal: 3000, Version: 1, Cells: [] },
    ]);
    expect(screen.queryByRole('button', { name: 'Keep the year total' })).toBeNull();
  });
});
