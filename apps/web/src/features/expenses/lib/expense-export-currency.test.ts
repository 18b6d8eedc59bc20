import type { Expense } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { sheetToCsv } from '../../../shared/export/spreadsheet.ts';
import { expensesToSheet } from './expense-export.ts';

const expense = (values: Pick<Expense, 'Name' | 'Currency' | 'Amount' | 'BaseAmount'>): Expense => ({
  Id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b3301',
  Payee: null,
  Description: null,
  PurchaseOrder: null,
  PurchaseDate: '2026-03-10',
  Status: 3,
  CategoryType: 1,
  Active: true,
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  BudgetItemId: null,
  BudgetItemName: 'Events',
  GeneralLedgerCodeId: null,
  GeneralLedgerCodeName: null,
  CreatedAt: '2026-11-27T12:00:00.000Z',
  UpdatedAt: '2026-11-27T12:00:00.000Z',
  Version: 1,
  Approval: null,
  ApprovalNote: null,
  CustomFields: {},
  ...values,
});

describe('expense export with currencies (issue 34)', () => {
  it('writes Amount in the row’s own currency, its Currency code and the Base amount; only the base amount is money-formatted', () => {
    const sheet = expensesToSheet([
      expense({ Name: 'Messe', Currency: 'EUR', Amount: 1200.5, BaseAmount: 1299.54 }),
      expense({ Name: 'Tokyo', Currency: 'JPY', Amount: 1234, BaseAmount: 8.27 }),
      expense({ Name: 'Search', Currency: 'USD', Amount: 19.99, BaseAmount: 19.99 }),
    ]);
    expect(sheet.header.slice(3, 6)).toEqual(['Amount', 'Currency', 'Base amount']);
    expect(sheet.rows.map((row) => row.slice(3, 6))).toEqual([
      [1200.5, 'EUR', 1299.54],
      [1234, 'JPY', 8.27],
      [19.99, 'USD', 19.99],
    ]);
    expect(sheet.moneyColumns).toEqual([5]);
    expect(sheetToCsv(sheet).split('\r\n')[1]).toBe('Messe,,2026-03-10,1200.5,EUR,1299.54,Actual,Events,,,');
  });
});
