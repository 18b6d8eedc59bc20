import {
  type CustomField,
  customFieldRoutes,
  customFieldText,
  EXPENSE_STATUS_LABELS,
  EXPENSES_MAX_PAGE_SIZE,
  type Expense,
  expenseRoutes,
} from '@plansmith/contract';
import { callApi } from '../../../shared/api/client.ts';
import type { ExportSheet } from '../../../shared/export/spreadsheet.ts';

/**
 * The export's columns: the importer's own field names, so the file maps back without help. Amount is
 * in the row's Currency (issue 34); Base amount, in the tenant's base currency, is what every total sums
 * and is left unmapped by the importer (it converts the Amount itself).
 */
export const EXPENSE_EXPORT_HEADER = [
  'Name',
  'Payee',
  'Purchase date',
  'Amount',
  'Currency',
  'Base amount',
  'Status',
  'Budget item',
  'Purchase order',
  'GL code',
  'Description',
];

/** The expenses as a sheet; each of the tenant's Expense custom fields is one more column, named as the field (tags joined with ", "). */
export const expensesToSheet = (expenses: readonly Expense[], fields: readonly CustomField[] = []): ExportSheet => ({
  name: 'Expenses',
  header: [...EXPENSE_EXPORT_HEADER, ...fields.map((field) => field.Name)],
  // Only the base amount is formatted as money: the Amount column mixes currencies (its code is beside it).
  moneyColumns: [5],
  rows: expenses.map((expense) => [
    expense.Name,
    expense.Payee,
    expense.PurchaseDate,
    expense.Amount,
    expense.Currency,
    expense.BaseAmount,
    EXPENSE_STATUS_LABELS[expense.Status],
    expense.BudgetItemName,
    expense.PurchaseOrder,
    expense.GeneralLedgerCodeName,
    expense.Description,
    ...fields.map((field) => {
      const value = expense.CustomFields[field.Id];
      // A Number stays a number in the sheet; everything else as the text the importer reads back.
      return typeof value === 'number' ? value : customFieldText(value) || null;
    }),
  ]),
});

/** Every expense of the plan, oldest first, page by page. */
export const fetchAllExpenses = async (planId: string): Promise<Expense[]> => {
  const all: Expense[] = [];
  for (let page = 1; ; page += 1) {
    const result = await callApi(expenseRoutes.getExpenses, {
      MarketingPlanId: planId,
      Page: page,
      PageSize: EXPENSES_MAX_PAGE_SIZE,
      SortBy: 'PurchaseDate',
      SortDirection: 'asc',
    });
    all.push(...result.Items);
    if (all.length >= result.Total || result.Items.length === 0) return all;
  }
};

/** Downloads every expense of the plan as CSV or XLSX (this module and write-excel-file load on first use). */
export const downloadExpenses = async (plan: { Id: string; Name: string }, format: 'csv' | 'xlsx'): Promise<void> => {
  const { downloadSheet, exportFileName } = await import('../../../shared/export/spreadsheet.ts');
  const [expenses, fields] = await Promise.all([fetchAllExpenses(plan.Id), callApi(customFieldRoutes.list, { Entity: 'Expense' })]);
  await downloadSheet(expensesToSheet(expenses, fields), exportFileName(plan.Name, 'expenses', format), format);
};
