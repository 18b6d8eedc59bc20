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
  Amount: 12_345_678.9,
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

describe('the expenses table', () => {
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
