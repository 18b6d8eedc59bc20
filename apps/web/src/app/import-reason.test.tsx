import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems } from '../../../server/src/schema/budget.ts';
import { budgetChanges } from '../../../server/src/schema/forecast.ts';
import { setup } from '../../../server/test/imports-fixture.ts';
import { BudgetReasonProvider } from '../features/budget/components/budget-reason.tsx';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { ImportWithReason } from './import-with-reason.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const WAIT = { timeout: 20_000 };
const CSV = 'Name,Category,Amount,Jan 2026,2026-02\nRadio,Paid media,119.99,100,19.99\n';

/** A plan with its baseline locked by the Owner, the import screen for budget items as /import shows it, signed in as the Member. */
const arrange = async () => {
  const { tenant, plan } = await setup(api.server);
  expect(
    (await api.server.post('/api/MarketingPlanClient/LockBaseline', { MarketingPlanId: plan.id }, await tenant.tokenFor('owner'))).status,
  ).toBe(200);
  await api.signIn(tenant.users.member.email);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter>
          <BudgetReasonProvider>
            <ImportWithReason planId={plan.id} kind="BudgetItems" canEdit doneAction={null} />
          </BudgetReasonProvider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, new File([CSV], 'items.csv', { type: 'text/csv' }));
  await user.click(await screen.findByRole('button', { name: 'Import 1 row' }, WAIT));
  const dialog = await screen.findByRole('dialog', { name: 'Why does the budget change?' }, WAIT);
  return { plan, user, dialog };
};

const commits = () => api.sent.filter((request) => request.path === '/api/ImportClient/Commit');
const itemsOf = async (planId: string) => api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, planId));

describe('the import wizard after the baseline lock', () => {
  it('asks for the reason the server requires, then sends the import again with it and the budget changes are kept', async () => {
    const { plan, user, dialog } = await arrange();
    expect(dialog.textContent).toContain('A reason is required');
    expect(commits()).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for the budget change' }), 'Radio campaign approved');
    await user.click(within(dialog).getByRole('button', { name: 'Save with this reason' }));
    await screen.findByText(/Imported 1/, undefined, WAIT);
    expect(commits()).toHaveLength(2);
    expect(commits()[1]?.body).toMatchObject({ Reason: 'Radio campaign approved', Kind: 'BudgetItems' });
    const rows = await api.server.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, plan.id));
    expect(rows.map((row) => [row.month, Number(row.beforeCents), Number(row.afterCents), row.reason]).sort()).toEqual([
      ['2026-01-01', 0, 10_000, 'Radio campaign approved'],
      ['2026-02-01', 0, 1_999, 'Radio campaign approved'],
    ]);
  }, 90_000);

  it('imports nothing when the prompt is cancelled, and says why', async () => {
    const { plan, user, dialog } = await arrange();
    const before = await itemsOf(plan.id);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText(/Not saved: the plan’s baseline is locked/)).toBeTruthy(), WAIT);
    expect(commits()).toHaveLength(1);
    expect(await itemsOf(plan.id)).toEqual(before);
    expect(before.map((item) => item.name).sort()).toEqual(['Events', 'Paid search']);
  }, 90_000);
});
