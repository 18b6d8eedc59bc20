import { type ApprovalRequest, EXPENSE_STATUS_LABELS } from '@plansmith/contract';

export const STATUS_COLORS: Record<ApprovalRequest['Status'], string> = {
  Pending: 'gold',
  Approved: 'green',
  Rejected: 'red',
  Withdrawn: 'default',
};

/** What approving gives it: the expense's saved status, or a budget change. */
export const savedAs = (request: ApprovalRequest): string =>
  request.RequestedStatus ? EXPENSE_STATUS_LABELS[request.RequestedStatus] : 'Budget change';
