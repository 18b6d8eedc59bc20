import type { Expense } from '@plansmith/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ExpensesTable } from './expenses-table.tsx';

const expense: Expense = {
  Id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b3301',
  Name: 'Trade show booth',
  Payee: 'Expo Hall Inc.',
  Description: null,
  PurchaseOrder: 'PO-1',
  PurchaseDate: '2026-03-14',
  Currency: 'USD',
  Amount: 12_345_678.9,
  BaseAmount: 12_345_678.9,
  Status: 3,
  CategoryType: 1,
  Active: true,
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  BudgetItemId: null,
  BudgetItemName: null,
  GeneralLedgerCodeId: null,
  GeneralLedgerCodeName: null,
  CreatedAt: '2026-03-14T12:00:00.000Z',
  UpdatedAt: '2026-03-14T12:00:00.000Z',
  Version: 1,
  Approval: null,
  ApprovalNote: null,
  CustomFields: {},
};

const table = (expenses: Expense[], visibleColumns?: string[]) =>
  render(
    <MemoryRouter>
      <ExpensesTable
        expenses={expenses}
        loading={false}
        page={1}
        pageSize={50}
        total={expenses.length}
        sort={{ SortBy: 'PurchaseDate', SortDirection: 'desc' }}
        {...(visibleColumns ? { visibleColumns } : {})}
        onPageChange={() => {}}
        onSortChange={() => {}}
      />
    </MemoryRouter>,
  );

describe('the expenses table', () => {
  it('shows an expense in another currency with its own amount and the base one beneath (DESIGN.md §17)', () => {
    // €1,200.00 at 1.0825 = $1,299.00; ¥150,000 at 0.0067 = $1,005.00; a dollar expense shows one amount.
    table(
      [
        { ...expense, Id: `${expense.Id.slice(0, -1)}2`, Name: 'Berlin booth', Currency: 'EUR', Amount: 1200, BaseAmount: 1299 },
        { ...expense, Id: `${expense.Id.slice(0, -1)}3`, Name: 'Tokyo ads', Currency: 'JPY', Amount: 150_000, BaseAmount: 1005 },
        { ...expense, Id: `${expense.Id.slice(0, -1)}4`, Name: 'Flyers', Amount: 19.99, BaseAmount: 19.99 },
      ],
      ['Name', 'Amount', 'Currency'],
    );
    expect(screen.getByRole('group', { name: '€1,200.00 ($1,299.00)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '¥150,000 ($1,005.00)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '$19.99' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: 'EUR' })).toHaveLength(1);
    expect(screen.getAllByRole('cell', { name: 'USD' })).toHaveLength(1);
  });

  it('keeps an eight-digit amount on one line, in en-US dollars', () => {
    render(
      <MemoryRouter>
        <ExpensesTable
          expenses={[expense]}
          loading={false}
          page={1}
          pageSize={50}
          total={1}
          sort={{ SortBy: 'PurchaseDate', SortDirection: 'desc' }}
          onPageChange={() => {}}
          onSortChange={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('cell', { name: '$12,345,678.90' }).style.whiteSpace).toBe('nowrap');
  });
});
