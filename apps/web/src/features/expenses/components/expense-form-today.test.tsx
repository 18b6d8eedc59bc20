import { tenantRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expenses } from '../../../../../server/src/schema/expenses.ts';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseForm } from './expense-form.tsx';

// Monday 15 June 2026, 23:30 in Los Angeles: already Tuesday 16 June in UTC (and in this test's browser zone).
const NOW = new Date('2026-06-16T06:30:00Z');

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

describe('the expense form’s today', () => {
  it('starts on today in the tenant’s zone, refuses Actual money dated tomorrow there before sending, and records it as Planned', async () => {
    const tenant = await createTenant(api.server);
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    const session = await api.signIn(tenant.users.owner.email);
    await api.call(tenantRoutes.saveTenant, { Name: tenant.name, TimeZone: 'America/Los_Angeles' }, session.AccessToken);
    const saved: unknown[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ExpenseForm planId={plan.id} defaultItemId={item.id} onSaved={(expense) => saved.push(expense)} />
        </App>
      </QueryClientProvider>,
    );
    const date = (await screen.findByLabelText('Purchase date')) as HTMLInputElement;
    // The tenant's today (15 June), not the browser's (16 June in UTC).
    await waitFor(() => expect(date.value).toBe('Jun 15, 2026'));

    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.type(screen.getByLabelText('Name'), 'Launch ads');
    await user.type(screen.getByLabelText('Amount'), '19.99');
    await waitFor(() => expect(document.querySelector('.ant-select .anticon-loading')).toBeNull());
    await user.click(date);
    await user.clear(date);
    await user.type(date, '2026-06-16');
    fireEvent.blur(date);
    await user.click(screen.getByRole('button', { name: 'Record expense' }));
    const message =
      '2026-06-16 is after today (2026-06-15): money that has not been spent yet cannot be Actual; record it as Planned or Committed.';
    expect((await screen.findByText(message)).textContent).toBe(message);
    expect(api.sent.filter((request) => request.path === '/api/ExpenseClient/Save')).toEqual([]);

    await user.click(screen.getByText('Planned'));
    await user.click(screen.getByRole('button', { name: 'Record expense' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [row] = await api.server.ctx.db.select().from(expenses).where(eq(expenses.tenantId, tenant.id));
    expect(row).toMatchObject({ purchaseDate: '2026-06-16', status: 1, amountCents: 1999 });
  });
});
