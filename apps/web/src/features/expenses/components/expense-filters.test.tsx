import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ExpenseFilters, type ExpenseFilterValues } from './expense-filters.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The filters as the expense list holds them; every value they apply is recorded. */
const renderFilters = async () => {
  const tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { startDate: '2027-01-01', endDate: '2027-12-31' });
  await api.signIn(tenant.users.owner.email);
  const applied: ExpenseFilterValues[] = [];
  const Holder = () => {
    const [value, setValue] = useState<ExpenseFilterValues>({});
    return (
      <ExpenseFilters
        planId={plan.id}
        value={value}
        onChange={(next) => {
          applied.push(next);
          setValue(next);
        }}
      />
    );
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Holder />
    </QueryClientProvider>,
  );
  return applied;
};

const typeDate = async (label: string, text: string) => {
  const user = userEvent.setup();
  const input = await screen.findByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, text);
  fireEvent.blur(input);
};

describe('ExpenseFilters purchase dates', () => {
  it('filters by the typed dates 01/10/2027 and Mar 31, 2027', async () => {
    const applied = await renderFilters();
    await typeDate('Purchased from', '01/10/2027');
    expect(applied.at(-1)).toMatchObject({ DateFrom: '2027-01-10', DateTo: undefined });
    await typeDate('Purchased to', 'Mar 31, 2027');
    expect(applied.at(-1)).toMatchObject({ DateFrom: '2027-01-10', DateTo: '2027-03-31' });
  });

  it('keeps the last usable range and says why when To is before From', async () => {
    const applied = await renderFilters();
    await typeDate('Purchased from', '2027-03-05');
    await typeDate('Purchased to', '2027-03-01');
    expect((await screen.findByRole('alert')).textContent).toBe('The “To” date cannot be before the “From” date.');
    expect(applied.at(-1)).toMatchObject({ DateFrom: '2027-03-05', DateTo: undefined });
  });

  it('does not filter by a text that is no date, and names the forms it reads', async () => {
    const applied = await renderFilters();
    await typeDate('Purchased from', '2027-13-45');
    expect((await screen.findByRole('alert')).textContent).toBe('Type dates as YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY.');
    expect(applied).toEqual([]);
  });
});

describe('ExpenseFilters first draw', () => {
  it('holds the fields’ places with outlines of their size, then draws the fields once the list is on screen', async () => {
    await renderFilters();
    const outlines = [...document.querySelectorAll<HTMLElement>('[aria-busy="true"]')];
    expect(outlines.map((outline) => [outline.textContent, outline.style.width])).toEqual([
      ['Search name, payee, PO, description', '280px'],
      ['Budget item', '220px'],
      ['Status', '140px'],
      ['Category type', '160px'],
      ['Payee', '200px'],
      ['From', '160px'],
      ['To', '160px'],
    ]);
    expect(screen.queryByLabelText('Budget item')).toBeNull();
    expect(await screen.findByLabelText('Budget item')).toBeTruthy();
    expect(await screen.findByLabelText('Purchased to')).toBeTruthy();
    expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
  });
});
