import { budgetRoutes, EMPTY_ID, type Expense, expenseRoutes, type LiveChangeEvent } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, login } from '../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../server/test/planning-factories.ts';
import { startLiveChanges } from '../../shared/api/live-changes.ts';
import { ContextSelectionProvider } from '../../shared/context/context-selection.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { BudgetItemPage } from './budget-item-page.tsx';
import { ExpensePage } from './expense-page.tsx';

/**
 * The browser's EventSource, standing in for the server's stream (the real stream is tested in
 * modules/events and e2e/live-changes.spec.ts): the test hands it the event the server would send.
 */
class TestEventSource {
  static opened: TestEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(event: LiveChangeEvent, id: string) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: id }));
  }
  close() {}
}

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
  vi.stubGlobal('EventSource', TestEventSource);
});
afterEach(() => api.reset());
afterAll(() => api.close());

describe('an open expense a colleague changes (DESIGN.md §13)', () => {
  it('keeps what I am typing, says who changed it and offers their values instead of redrawing the form', async () => {
    const tenant = await createTenant(api.server, { name: 'Live' });
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    const owner = await api.signIn(tenant.users.owner.email);
    const read: Expense = await api.call(
      expenseRoutes.saveExpense,
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Trade fair stand',
        PurchaseDate: '2026-03-10',
        Amount: 1000,
        Status: 1,
        CategoryType: 1,
      },
      owner.AccessToken,
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = startLiveChanges(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[`/expenses/${read.Id}`]}>
            <Routes>
              <Route path="/expenses/:id" element={<ExpensePage />} />
            </Routes>
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Amount', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect((amount as HTMLInputElement).disabled).toBe(false));
    await user.clear(amount);
    await user.type(amount, '1250');

    // The Admin saves the expense; the stream says so and the page refetches it.
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    const theirs = await api.call(
      expenseRoutes.saveExpense,
      {
        Id: read.Id,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: read.Name,
        PurchaseDate: read.PurchaseDate,
        Amount: 1500,
        Status: read.Status,
        CategoryType: read.CategoryType,
        Version: read.Version,
      },
      admin,
    );
    await vi.waitFor(() => expect(TestEventSource.opened.length).toBeGreaterThan(0));
    TestEventSource.opened.at(-1)?.send(
      {
        Type: 'changed',
        Entity: 'Expense',
        Id: read.Id,
        MarketingPlanId: plan.id,
        Version: theirs.Version,
        Month: null,
        Rows: 1,
        ByUserId: tenant.users.admin.id,
        ByName: 'Admin Live',
      },
      'abc.1',
    );

    expect(await screen.findByText('Admin Live changed this expense — reload the value?', {}, { timeout: 5_000 })).toBeTruthy();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1250');

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1500'));
    expect(screen.queryByText(/reload the value\?/)).toBeNull();
    stop();
  });

  it('keeps what I am typing in an open budget item when a colleague changes it, and Reload shows theirs', async () => {
    const tenant = await createTenant(api.server, { name: 'Items' });
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    await api.signIn(tenant.users.owner.email);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = startLiveChanges(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <ContextSelectionProvider>
            <MemoryRouter initialEntries={[`/budget/${item.id}`]}>
              <Routes>
                <Route path="/budget/:id" element={<BudgetItemPage />} />
              </Routes>
            </MemoryRouter>
          </ContextSelectionProvider>
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const name = (await screen.findByLabelText('Name', {}, { timeout: 10_000 })) as HTMLInputElement;
    await vi.waitFor(() => expect(name.value).toBe('Paid search'));
    await user.clear(name);
    await user.type(name, 'Paid search (mine)');

    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    const read = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: item.id }, admin);
    const theirs = await api.call(
      budgetRoutes.save,
      { ...read, Name: 'Paid search (theirs)', Description: read.Description ?? '', Version: read.Version },
      admin,
    );
    TestEventSource.opened.at(-1)?.send(
      {
        Type: 'changed',
        Entity: 'BudgetItem',
        Id: item.id,
        MarketingPlanId: plan.id,
        Version: theirs.Version,
        Month: null,
        Rows: 1,
        ByUserId: tenant.users.admin.id,
        ByName: 'Admin Items',
      },
      'abc.2',
    );

    expect(await screen.findByText('Admin Items changed this budget item — reload the value?', {}, { timeout: 5_000 })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Paid search (mine)');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Paid search (theirs)'));
    stop();
  });
});
