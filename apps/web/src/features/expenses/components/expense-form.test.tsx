import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../../../../server/src/schema/expenses.ts';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseForm } from './expense-form.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

describe('the expense form', () => {
  it('says why nothing was recorded when the chosen budget item is not one of the plan’s', async () => {
    const tenant = await createTenant(api.server);
    const { plan } = await createPlanWithItem(api.server, tenant);
    // An item of another plan of the same tenant: the form for `plan` does not list it.
    const { item: elsewhere } = await createPlanWithItem(api.server, tenant);
    await api.signIn(tenant.users.owner.email);
    const saved: unknown[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ExpenseForm planId={plan.id} defaultItemId={elsewhere.id} onSaved={(expense) => saved.push(expense)} />
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Launch ads');
    await user.type(screen.getByLabelText('Amount'), '125.50');
    // Once the plan's own items have loaded (the picker stops spinning), the choice is simply not among them.
    await waitFor(() => expect(document.querySelector('.ant-select .anticon-loading')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Record expense' }));

    expect((await screen.findByText('This budget item is not in the plan. Please choose another.')).textContent).toBe(
      'This budget item is not in the plan. Please choose another.',
    );
    // The picker names the choice for what it is, not by its bare id.
    expect(screen.getByText('Not an item of this plan').closest('.ant-select')).not.toBeNull();
    expect(screen.queryByText(elsewhere.id)).toBeNull();
    expect(saved).toEqual([]);
    expect(await api.server.ctx.db.select().from(expenses).where(eq(expenses.tenantId, tenant.id))).toEqual([]);
  });
});
