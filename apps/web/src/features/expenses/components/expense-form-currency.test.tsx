import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expenses } from '../../../../../server/src/schema/expenses.ts';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseForm } from './expense-form.tsx';

const NOW = new Date('2026-06-15T12:00:00Z');

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
  api.server.clock.set(NOW);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => api.reset());
afterAll(async () => {
  vi.useRealTimers();
  await api.close();
});

describe('the expense form’s currency (DESIGN.md §17)', () => {
  it('starts in the budget item’s currency, says how it is converted, and records the euro amount with its base figure', async () => {
    const tenant = await createTenant(api.server);
    await api.server.database.queryRows(
      "INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-06-01', '1.0825'), ($1, 'EUR', '2026-05-01', '1.08')",
      [tenant.id],
    );
    const plan = await createPlan(api.server, tenant);
    await api.server.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-06-01' WHERE id = $1", [plan.id]);
    const category = await createCategory(api.server, tenant, { name: 'Events', categoryType: 1 });
    const item = await createItem(api.server, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 1_000_000,
      name: 'Berlin fair',
    });
    await api.signIn(tenant.users.owner.email);
    const saved: unknown[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ExpenseForm planId={plan.id} defaultItemId={item.id} onSaved={(expense) => saved.push(expense)} />
        </App>
      </QueryClientProvider>,
    );
    // The item's currency once the items have loaded, and the conversion said beneath the amount.
    expect(await screen.findByText('Converted to USD at the rate of the purchase month when saved.')).toBeTruthy();
    // The select shows EUR and the amount's prefix too.
    expect(screen.getAllByText('EUR')).toHaveLength(2);

    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.type(screen.getByLabelText('Name'), 'Booth');
    await user.type(screen.getByLabelText('Amount'), '1200');
    await user.click(screen.getByRole('button', { name: 'Record expense' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ Currency: 'EUR', Amount: 1200, BaseAmount: 1299 });
    const [row] = await api.server.ctx.db.select().from(expenses).where(eq(expenses.tenantId, tenant.id));
    // €1,200.00 × 1.0825 = $1,299.00
    expect(row).toMatchObject({ currency: 'EUR', amountMinor: 120_000, amountCents: 129_900 });
  });
});
