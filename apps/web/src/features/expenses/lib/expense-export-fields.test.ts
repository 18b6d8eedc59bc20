import type { CustomField, Expense } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { expensesToSheet } from './expense-export.ts';

const field = (Id: string, Name: string, Type: CustomField['Type'], Options: string[] = []): CustomField => ({
  Id,
  Entity: 'Expense',
  Name,
  Type,
  Options,
  Required: false,
  Position: 0,
  Version: 1,
});

const expense = (CustomFields: Expense['CustomFields']): Expense => ({
  Id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b3301',
  Name: 'Booth',
  Payee: null,
  Description: null,
  PurchaseOrder: null,
  PurchaseDate: '2026-11-30',
  Currency: 'USD',
  Amount: 19.99,
  BaseAmount: 19.99,
  Status: 3,
  CategoryType: 1,
  Active: true,
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  BudgetItemId: null,
  BudgetItemName: null,
  GeneralLedgerCodeId: null,
  GeneralLedgerCodeName: null,
  CreatedAt: '2026-11-27T12:00:00.000Z',
  UpdatedAt: '2026-11-27T12:00:00.000Z',
  Version: 1,
  Approval: null,
  ApprovalNote: null,
  CustomFields,
});

describe('expense export with custom fields', () => {
  it('adds a column per Expense field, named as the field: tags joined with ", ", a number as a number, empty as blank', () => {
    const fields = [
      field('r', 'Region', 'Select', ['EMEA', 'NA']),
      field('c', 'Channel', 'MultiSelect', ['Web', 'Email']),
      field('n', 'Reach', 'Number'),
    ];
    const sheet = expensesToSheet([expense({ r: 'EMEA', c: ['Web', 'Email'], n: 12.5 }), expense({})], fields);
    expect(sheet.header.slice(-3)).toEqual(['Region', 'Channel', 'Reach']);
    expect(sheet.rows[0]?.slice(-3)).toEqual(['EMEA', 'Web, Email', 12.5]);
    expect(sheet.rows[1]?.slice(-3)).toEqual([null, null, null]);
    expect(sheet.rows[0]?.[3]).toBe(19.99);
  });
});
