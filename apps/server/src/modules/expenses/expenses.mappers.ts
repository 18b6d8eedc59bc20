import type { Expense } from '@plansmith/contract';
import { toDollars } from '../../lib/money.ts';
import { wireApproval } from '../approvals/index.ts';
import type { ExpenseRow } from './expenses.repository.ts';

export const toExpense = (row: ExpenseRow): Expense => ({
  Id: row.id,
  Name: row.name,
  Payee: row.payee,
  Description: row.description,
  PurchaseOrder: row.purchaseOrder,
  PurchaseDate: row.purchaseDate,
  Amount: toDollars(row.amountCents),
  Status: row.status,
  CategoryType: row.categoryType,
  Active: row.active,
  MarketingPlanId: row.marketingPlanId,
  BudgetItemId: row.budgetItemId,
  BudgetItemName: row.budgetItemName,
  GeneralLedgerCodeId: row.generalLedgerCodeId,
  GeneralLedgerCodeName: row.generalLedgerCodeName,
  CreatedAt: row.createdAt.toISOString(),
  UpdatedAt: row.updatedAt.toISOString(),
  Version: row.version,
  Approval: wireApproval(row.approval),
  ApprovalNote: row.approvalNote,
  CustomFields: row.customFields ?? {},
});

/** The fields the audit trail compares (wire names, dollars). */
export const auditSnapshot = (expense: Expense): Record<string, unknown> => ({
  Name: expense.Name,
  Payee: expense.Payee,
  Description: expense.Description,
  PurchaseOrder: expense.PurchaseOrder,
  PurchaseDate: expense.PurchaseDate,
  Amount: expense.Amount,
  Status: expense.Status,
  CategoryType: expense.CategoryType,
  BudgetItemId: expense.BudgetItemId,
  GeneralLedgerCodeId: expense.GeneralLedgerCodeId,
  Active: expense.Active,
  Approval: expense.Approval,
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const STATUS_WORDS = { 1: 'planned', 2: 'committed', 3: 'actual' } as const;

/** "$1,250.00 actual, against Paid search" */
export const describeExpense = (expense: Expense): string =>
  `${usd.format(expense.Amount)} ${STATUS_WORDS[expense.Status]}${expense.BudgetItemName ? `, against ${expense.BudgetItemName}` : ''}${
    expense.Payee ? `, paid to ${expense.Payee}` : ''
  }`;
