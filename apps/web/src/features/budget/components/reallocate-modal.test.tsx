import { baselineRoutes, budgetRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Button } from 'antd';
import { eq } from 'drizzle-orm';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems } from '../../../../../server/src/schema/budget.ts';
import { budgetChanges } from '../../../../../server/src/schema/forecast.ts';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { useSaveMonths } from '../api/budget-months.ts';
import { BudgetReasonProvider } from './budget-reason.tsx';
import { ReallocateModal } from './reallocate-modal.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(async () => api.close());

const WAIT = { timeout: 20_000 };

/** A plan of 2026 with Search ads (March $1,000.00 phased, $300.00 actual and $199.99 committed in March) and Events (unphased, $600.00). */
const arrange = async (name: string) => {
  const tenant = await createTenant(api.server, { name });
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const category = await createCategory(api.server, tenant, { name: 'Paid media' });
  const ads = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: category.id,
    name: 'Search ads',
    amountCents: 100_000,
    months: { '2026-03': 100_000 },
  });
  const events = await createItem(api.server, tenant, { planId: plan.id, categoryId: category.id, name: 'Events', amountCents: 60_000 });
  for (const [amountCents, status] of [
    [30_000, 3],
    [19_999, 2],
  ] as const) {
    await createExpenseRow(api.server, tenant, { planId: plan.id, itemId: ads.id, amountCents, status, purchaseDate: '2026-03-31' });
  }
  const session = await api.signIn(tenant.users.member.email);
  return { tenant, plan, ads, events, token: session.AccessToken };
};

const renderWith = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

const choose = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  await waitFor(
    () => expect([...document.querySelectorAll('.ant-select-item-option')].some((node) => node.textContent?.startsWith(option))).toBe(true),
    WAIT,
  );
  // The newest list is the last in the document: the one before may still be closing.
  const target = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option')]
    .reverse()
    .find((node) => node.textContent?.startsWith(option));
  if (!target) throw new Error(`no option ${option}`);
  fireEvent.click(target);
};

describe('the Reallocate dialog', () => {
  it('shows what the source month has left and moves exactly that much, refusing a cent more with the server’s figure', async () => {
    const { plan, ads, events, token } = await arrange('Realloc');
    const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, token);
    renderWith(
      <ReallocateModal
        open
        plan={{ Id: plan.id, StartDate: plan.startDate, EndDate: plan.endDate }}
        items={items}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reallocate budget' }, WAIT);
    await choose(dialog, 'From item', 'Search ads');
    await choose(dialog, 'To item', 'Events');
    await choose(dialog, 'Month', 'Mar 2026');
    expect(await within(dialog).findByText('$500.01 left to move in Mar 2026', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('Budget $1,000.00 − actual $300.00 − committed $199.99')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount to move' }), { target: { value: '500.02' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Events outperform search' } });
    fireEvent.click(await screen.findByRole('button', { name: /Move budget$/ }, WAIT));
    expect(await screen.findByText(/^Search ads has \$500\.01 left in Mar 2026/, {}, WAIT)).toBeTruthy();
    expect((await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, ads.id)))[0]?.amountCents).toBe(100_000);

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount to move' }), { target: { value: '500.01' } });
    fireEvent.click(await screen.findByRole('button', { name: /Move budget$/ }, WAIT));
    expect(
      await screen.findByText('Reallocated $500.01 of Mar 2026 from Search ads to Events: Events outperform search', {}, WAIT),
    ).toBeTruthy();
    const amounts = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, plan.id));
    expect(Object.fromEntries(amounts.map((row) => [row.name, row.amountCents]))).toEqual({ 'Search ads': 49_999, Events: 110_001 });
    expect(
      (await api.server.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, plan.id))).map((row) => row.kind),
    ).toEqual([2, 2]);
    expect(events.id).toBeTruthy();
  }, 90_000);
});

/** A pasted block saved through the real hook, as the month grid does. */
const PasteButton = ({ planId, itemId, version }: { planId: string; itemId: string; version: number }) => {
  const save = useSaveMonths();
  const [said, setSaid] = useState('');
  const paste = () =>
    save
      .mutateAsync({
        MarketingPlanId: planId,
        Items: [{ BudgetItemId: itemId, Amount: 700, Months: [{ Month: '2026-06', Amount: 700 }], Version: version, Cells: [] }],
      })
      .then(
        () => setSaid('Saved'),
        (error: Error) => setSaid(error.message),
      );
  return (
    <>
      <Button onClick={() => void paste()}>Paste</Button>
      <output>{said}</output>
    </>
  );
};

describe('the reason prompt after the baseline lock', () => {
  it('asks once per save, sends the reason with it, and a cancel saves nothing', async () => {
    const { tenant, plan, events, token } = await arrange('Prompt');
    const owner = await api.signIn(tenant.users.owner.email);
    await api.call(baselineRoutes.lockBaseline, { MarketingPlanId: plan.id }, owner.AccessToken);
    await api.signIn(tenant.users.member.email);
    expect(token).toBeTruthy();
    renderWith(
      <BudgetReasonProvider>
        <PasteButton planId={plan.id} itemId={events.id} version={1} />
      </BudgetReasonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    let prompt = await screen.findByRole('dialog', { name: 'Why does the budget change?' }, WAIT);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Not saved: the plan’s baseline is locked, so a budget change needs a reason.', {}, WAIT)).toBeTruthy();
    expect((await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, events.id)))[0]?.amountCents).toBe(60_000);

    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    // happy-dom ends no animation: the first prompt may still be in the document, closing; the newest is last.
    await waitFor(
      () => expect(screen.getByRole('dialog', { name: 'Why does the budget change?' }).closest('.ant-zoom-leave')).toBeNull(),
      WAIT,
    );
    prompt = screen.getAllByRole('dialog', { name: 'Why does the budget change?' }).at(-1) as HTMLElement;
    const save = within(prompt).getByRole('button', { name: 'Save with this reason' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(prompt).getByRole('textbox', { name: 'Reason for the budget change' }), { target: { value: 'June summit' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save with this reason' }));
    expect(await screen.findByText('Saved', {}, WAIT)).toBeTruthy();
    // One refused request, then one with the reason: the prompt came once.
    const sent = api.sent.filter((request) => request.path === '/api/BudgetItemClient/SaveMonths');
    expect(sent.map((request) => (request.body as { Reason?: string }).Reason ?? null)).toEqual([null, null, 'June summit']);
    const rows = await api.server.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, plan.id));
    expect(rows.map((row) => [row.month, row.afterCents, row.reason]).filter(([, after]) => after !== 0)).toEqual([
      ['2026-06-01', 70_000, 'June summit'],
    ]);
  }, 90_000);
});
