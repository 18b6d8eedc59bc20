import { type ApprovalRequest, EXPENSE_STATUS_LABELS } from '@plansmith/contract';
import { formatBase } from '../../../shared/format/money.ts';

export const STATUS_COLORS: Record<ApprovalRequest['Status'], string> = {
  Pending: 'gold',
  Approved: 'green',
  Rejected: 'red',
  Withdrawn: 'default',
};

/** What approving gives it: the expense's saved status, or a budget change. */
export const savedAs = (request: ApprovalRequest): string =>
  request.RequestedStatus ? EXPENSE_STATUS_LABELS[request.RequestedStatus] : 'Budget change';

/** "$1,000.00 → $1,100.00": a figure before and after a budget change. */
export const beforeAfter = (before: number, after: number): string => `${formatBase(before)} → ${formatBase(after)}`;

/** The approve confirmation's words: what approving does to expenses and to budget changes. */
export const approveWords = (requests: readonly ApprovalRequest[], total: string): string => {
  const changes = requests.filter((request) => request.Kind === 'BudgetChange').length;
  if (changes === 0) return `${total} becomes Committed or Actual as each was saved.`;
  if (changes === requests.length)
    return changes === 1 ? 'The budget change applies to the item.' : `The ${changes} budget changes apply to their items.`;
  return 'Expenses become Committed or Actual as each was saved; budget changes apply to their items.';
};
