import { customFieldRoutes, EMPTY_ID, expenseRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../../../../server/src/schema/expenses.ts';
import { createTenant, login } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseForm } from './expense-form.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const SLOW = { timeout: 15_000 };

describe('the expense form’s custom fields (real API)', () => {
  it('shows the expense’s Region, saves a changed one, and keeps the value of a field the person did not change', async () => {
    const tenant = await createTenant(api.server, { name: 'Form fields' });
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    const region = await api.call(
      customFieldRoutes.save,
      { Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] },
      admin,
    );
    const code = await api.call(customFieldRoutes.save, { Entity: 'Expense', Name: 'Cost code', Type: 'Text' }, admin);
    const owner = await api.signIn(tenant.users.owner.email);
    const read = await api.call(
      expenseRoutes.saveExpense,
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Trade fair stand',
        PurchaseDate: '2026-03-10',
        Amount: 19.99,
        Status: 1,
        CategoryType: 1,
        CustomFields: { [region.Id]: 'NA', [code.Id]: 'CC-7' },
      },
      owner.AccessToken,
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ExpenseForm planId={plan.id} expense={read} onSaved={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    // The stored value shows once the fields have loaded.
    await screen.findByTitle('NA', {}, SLOW);
    await user.click(screen.getByLabelText(/^Region/));
    await user.click(await screen.findByTitle('EMEA'));
    await user.click(screen.getByRole('button', { name: 'Save expense' }));
    await screen.findByText('Expense saved.', {}, SLOW);
    await waitFor(async () => {
      const [row] = await api.server.ctx.db.select().from(expenses).where(eq(expenses.id, read.Id));
      expect(row?.customFields).toEqual({ [region.Id]: 'EMEA', [code.Id]: 'CC-7' });
    }, SLOW);
  }, 60_000);
});
