import { EXPENSE_STATUS_LABELS, type ExpenseStatus } from '@plansmith/contract';
import { Tag } from 'antd';

const COLORS: Record<ExpenseStatus, string> = { 1: 'default', 2: 'gold', 3: 'green' };

/** Planned (grey), Committed (gold), Actual (green). */
export const ExpenseStatusTag = ({ status }: { status: ExpenseStatus }) => (
  <Tag color={COLORS[status]}>{EXPENSE_STATUS_LABELS[status]}</Tag>
);
