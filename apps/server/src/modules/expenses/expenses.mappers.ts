import { type Expense, fromMinorUnits } from '@plansmith/contract';
import { formatBothIn, formatMoneyIn } from '@plansmith/contract/display-format';
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
  // A foreign expense: its own amount in its currency's decimals; the base figure beside it (DESIGN.md §17).
  Currency: row.currency ?? row.baseCurrency,
  Amount: row.currency ? fromMinorUnits(row.amountMinor, row.currency) : toDollars(row.amountCents),
  BaseAmount: toDollars(row.amountCents),
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

/**
 * The fields the audit trail compares (wire names; Amount in the expense's currency). Currency and
 * BaseAmount only for an expense in another currency than the base, so a base expense's trail reads
 * as before issue 34.
 */
export const auditSnapshot = (expense: Expense, foreign = false): Record<string, unknown> => ({
  Name: expense.Name,
  Payee: expense.Payee,
  Description: expense.Description,
  PurchaseOrder: expense.PurchaseOrder,
  PurchaseDate: expense.PurchaseDate,
  Amount: expense.Amount,
  Currency: foreign ? expense.Currency : undefined,
  BaseAmount: foreign ? expense.BaseAmount : undefined,
  Status: expense.Status,
  CategoryType: expense.CategoryType,
  BudgetItemId: expense.BudgetItemId,
  GeneralLedgerCodeId: expense.GeneralLedgerCodeId,
  Active: expense.Active,
  Approval: expense.Approval,
});

const STATUS_WORDS = { 1: 'planned', 2: 'committed', 3: 'actual' } as const;

/** "€1,200.00 (US$1,299.00)": an amount in another currency than the base, with its base figure (DESIGN.md §17). */
export const formatForeignAmount = (currency: string, amount: number, base: string, baseAmount: number): string =>
  formatBothIn('en-US', amount, currency, baseAmount, base);

/** "$1,250.00 actual, against Paid search"; "€1,200.00 (US$1,299.00) actual, …" for another currency than the base. */
export const describeExpense = (expense: Expense, base?: string): string =>
  `${base && expense.Currency !== base ? formatForeignAmount(expense.Currency, expense.Amount, base, expense.BaseAmount) : formatMoneyIn('en-US', expense.Amount, expense.Currency)} ${STATUS_WORDS[expense.Status]}${expense.BudgetItemName ? `, against ${expense.BudgetItemName}` : ''}${
    expense.Payee ? `, paid to ${expense.Payee}` : ''
  }`;
