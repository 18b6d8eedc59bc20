import { billingRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, type TestTenant } from '../../../../server/test/factories.ts';
import { confirmCard } from '../../../../server/test/signup.ts';
import { InvoicesTable } from '../../features/billing/components/invoices-table.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { InvoicePage } from './invoice-page.tsx';

const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const AGILITY = '4f0d7c1e-6a2b-4c39-8e51-000000000002';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => {
  api.reset();
});
afterAll(() => api.close());

/** A Starter tenant that paid for Performance ($99 a month) with a card, then moved to Agility ($49) the same day. */
const payingTenant = async (name: string): Promise<TestTenant> => {
  const tenant = await createTenant(api.server, { name, planCode: 'starter' });
  const token = await tenant.tokenFor('owner');
  const setup = await api.call(billingRoutes.startCardSetup, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' }, token);
  await confirmCard(api.server, setup.SetupToken, '4242424242424242');
  await api.call(
    billingRoutes.completeCardSetup,
    { SetupIntentId: setup.SetupToken.split('_secret_')[0] ?? '', ClientSecret: setup.SetupToken },
    token,
  );
  await api.call(billingRoutes.changeSubscription, { ProductId: AGILITY, BillingCycle: 'month' }, token);
  return tenant;
};

const renderBilling = (path = '/account/biling') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/account/biling" element={<InvoicesTable />} />
            <Route path="/account/biling/invoices/:id" element={<InvoicePage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

describe('the printable invoice', () => {
  it('opens from the invoice list with the account, number, dates, lines and the list’s amounts, and prints', async () => {
    const tenant = await payingTenant('Printable Co');
    await api.signIn(tenant.users.owner.email);
    // The test DOM has no print dialog: the button's call is what is checked.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    renderBilling();

    // The list: the $99.00 charge and the change's credit.
    const rows = await screen.findAllByRole('row');
    const charge = rows.find((row) => within(row).queryByText('$99.00')) as HTMLElement;
    const credit = rows.find((row) => within(row).queryByText('$50.00 credit')) as HTMLElement;
    expect(charge).toBeTruthy();
    const number = within(charge).getByRole('link', { name: /printable$/ }).textContent ?? '';

    await userEvent.click(within(charge).getByRole('link', { name: /printable$/ }));
    const sheet = await screen.findByRole('article', { name: `Invoice ${number}` });
    expect(within(sheet).getByText('Printable Co')).toBeTruthy();
    expect(within(sheet).getByText(number)).toBeTruthy();
    expect(within(sheet).getByText('Paid')).toBeTruthy();
    const lines = within(sheet).getByRole('table', { name: 'Invoice lines' });
    const line = within(lines).getByRole('row', { name: /1 × Plansmith Performance \(at \$99\.00 \/ month\)/ });
    expect(within(line).getByText('$99.00')).toBeTruthy();
    // Dates read like the list's: "Nov 27, 2026".
    expect(within(sheet).getAllByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).length).toBeGreaterThan(0);
    expect(within(lines).getByRole('row', { name: 'Total $99.00' })).toBeTruthy();
    expect(within(lines).getByRole('row', { name: 'Left to pay $0.00' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Print \/ Save as PDF/ }));
    expect(print).toHaveBeenCalledOnce();
    expect(credit).toBeTruthy();
  });

  it('shows a downgrade’s invoice as a credit kept for the next invoices, not as paid', async () => {
    const tenant = await payingTenant('Credit Co');
    await api.signIn(tenant.users.owner.email);
    renderBilling();
    const rows = await screen.findAllByRole('row');
    const credit = rows.find((row) => within(row).queryByText('$50.00 credit')) as HTMLElement;
    await userEvent.click(within(credit).getByRole('link', { name: /printable$/ }));

    const sheet = await screen.findByRole('article', { name: /^Invoice / });
    expect(within(sheet).getByRole('heading', { name: 'Credit note' })).toBeTruthy();
    expect(within(sheet).getByText('Credit')).toBeTruthy();
    expect(within(sheet).queryByText('Paid')).toBeNull();
    const lines = within(sheet).getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('−$99.00')).toBeTruthy();
    expect(within(lines).getByText('$49.00')).toBeTruthy();
    expect(within(lines).getByRole('row', { name: 'Total $50.00 credit' })).toBeTruthy();
    expect(within(sheet).getByRole('note').textContent).toBe(
      'Nothing was charged: $50.00 is a credit kept on your account and taken off your next invoices.',
    );
  });

  it("says another account's invoice was not found", async () => {
    const theirs = await payingTenant('Theirs Co');
    const theirInvoices = await api.call(billingRoutes.getInvoices, {}, await theirs.tokenFor('owner'));
    const mine = await createTenant(api.server, { name: 'Mine Co', planCode: 'starter' });
    await api.signIn(mine.users.owner.email);
    renderBilling(`/account/biling/invoices/${theirInvoices[0]?.Id}`);
    expect(await screen.findByText('The invoice was not found.')).toBeTruthy();
    expect(screen.queryByText('Theirs Co')).toBeNull();
    expect(screen.queryByRole('button', { name: /Print \/ Save as PDF/ })).toBeNull();
  });
});
