import { EMPTY_ID, type Expense, expenseRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../../../../server/src/schema/expenses.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseForm } from './expense-form.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** An expense the owner recorded, open in the form, then changed by the Admin from the same version. */
const openThenChangedByColleague = async (tenant: TestTenant, currency?: 'EUR') => {
  const { plan, item } = await createPlanWithItem(api.server, tenant);
  const owner = await api.signIn(tenant.users.owner.email);
  if (currency) {
    await api.server.database.queryRows(
      "INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-03-01', '1.0825')",
      [tenant.id],
    );
  }
  const read = await api.call(
    expenseRoutes.saveExpense,
    {
      Id: EMPTY_ID,
      MarketingPlanId: plan.id,
      BudgetItemId: item.id,
      Name: 'Trade fair stand',
      PurchaseDate: '2026-03-10',
      Amount: 1000,
      ...(currency ? { Currency: currency } : {}),
      Status: 1,
      CategoryType: 1,
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
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  await api.call(
    expenseRoutes.saveExpense,
    { ...read, BudgetItemId: item.id, Version: read.Version, Amount: 1500, Payee: 'Expo Hall' },
    admin,
  );
  return read;
};

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(expenses).where(eq(expenses.id, id)))[0];

const typeAmountAndSave = async (amount: string) => {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Amount');
  await user.clear(field);
  await user.type(field, amount);
  await user.click(screen.getByRole('button', { name: 'Save expense' }));
  return user;
};

describe('saving an expense a colleague changed meanwhile', () => {
  it('shows their value beside mine where we both changed it and, on “Save mine over theirs”, keeps their other change too', async () => {
    const tenant = await createTenant(api.server, { name: 'Merge' });
    const read: Expense = await openThenChangedByColleague(tenant);
    const user = await typeAmountAndSave('1250');

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this while you were editing' });
    expect(within(dialog).getByText(/^Admin Merge changed this expense at .+ while you were editing\.$/)).toBeTruthy();
    // Amount: theirs $1,500.00 beside mine $1,250.00; the payee only they changed is no conflict.
    const amountRow = within(dialog).getByText('Amount').closest('tr') as HTMLElement;
    expect(within(amountRow).getByText('$1,500.00')).toBeTruthy();
    expect(within(amountRow).getByText('$1,250.00')).toBeTruthy();
    expect(within(dialog).queryByText('Payee')).toBeNull();
    // Nothing was written before the choice.
    expect((await rowOf(read.Id))?.amountCents).toBe(150_000);

    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Expense saved.');
    // Both people's work: my amount and their payee.
    expect(await rowOf(read.Id)).toMatchObject({ amountCents: 125_000, payee: 'Expo Hall', version: 3 });
  });

  it('shows an expense’s amount in its own currency, not the base one: theirs €1,500.00 beside mine €1,250.00', async () => {
    const tenant = await createTenant(api.server, { name: 'Euro merge' });
    const read = await openThenChangedByColleague(tenant, 'EUR');
    const user = await typeAmountAndSave('1250');

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this while you were editing' });
    const amountRow = within(dialog).getByText('Amount').closest('tr') as HTMLElement;
    expect(within(amountRow).getByText('€1,500.00')).toBeTruthy();
    expect(within(amountRow).getByText('€1,250.00')).toBeTruthy();
    expect(within(amountRow).queryByText('$1,500.00')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await screen.findByText('Expense saved.');
    // €1,250.00 at 1.0825 = $1,353.125 → $1,353.13.
    expect(await rowOf(read.Id)).toMatchObject({ currency: 'EUR', amountMinor: 125_000, amountCents: 135_313, payee: 'Expo Hall' });
  });

  it('on “Keep theirs” writes nothing and keeps their change', async () => {
    const tenant = await createTenant(api.server, { name: 'Keep' });
    const read = await openThenChangedByColleague(tenant);
    const user = await typeAmountAndSave('1250');

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this while you were editing' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await screen.findByText('Kept their version of the expense.');
    expect(await rowOf(read.Id)).toMatchObject({ amountCents: 150_000, payee: 'Expo Hall', version: 2 });
  });
});
