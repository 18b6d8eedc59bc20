import { customFieldRoutes, EMPTY_ID, expenseRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseList } from './expense-list.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const SLOW = { timeout: 15_000 };

describe('the expenses list’s custom field filters (real API)', () => {
  it('the Custom fields button opens a filter per field; choosing Region EMEA lists only EMEA expenses', async () => {
    const tenant = await createTenant(api.server, { name: 'List field filters' });
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    const region = await api.call(
      customFieldRoutes.save,
      { Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] },
      admin,
    );
    const owner = await api.signIn(tenant.users.owner.email);
    const save = (Name: string, Amount: number, value: string) =>
      api.call(
        expenseRoutes.saveExpense,
        {
          Id: EMPTY_ID,
          MarketingPlanId: plan.id,
          BudgetItemId: item.id,
          Name,
          PurchaseDate: '2026-03-10',
          Amount,
          Status: 3,
          CategoryType: 1,
          CustomFields: { [region.Id]: value },
        },
        owner.AccessToken,
      );
    await save('Booth in Berlin', 19.99, 'EMEA');
    await save('Booth in Boston', 500, 'NA');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MemoryRouter initialEntries={['/expenses']}>
            <ExpenseList scope={{ MarketingPlanId: plan.id }} />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findByText('Booth in Boston', {}, SLOW);
    const button = await screen.findByRole('button', { name: 'Custom fields' }, SLOW);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), SLOW);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByLabelText('Region'));
    await user.click(await screen.findByTitle('EMEA'));
    await waitFor(() => expect(screen.queryByText('Booth in Boston')).toBeNull(), SLOW);
    expect(screen.getByText('Booth in Berlin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Custom fields (1)' })).toBeTruthy();
  }, 60_000);
});
