import { type Expense, getHref } from '@plansmith/contract';
import { List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatCount, formatBase } from '../../../shared/format/money.ts';
import { EmptyState } from '../../../shared/ui/query-state.tsx';
import { BothAmounts } from '../../../shared/ui/both-amounts.tsx';

/** Planned or committed expenses dated in the past: invoices to chase or plans to update. */
export const OverdueExpenses = ({ expenses, count, amount }: { expenses: Expense[]; count: number; amount: number }) =>
  expenses.length === 0 ? (
    <EmptyState description="Nothing overdue: every past expense is recorded as actual." />
  ) : (
    <>
      <Typography.Paragraph type="secondary">
        {formatCount(count)} overdue, {formatBase(amount)} in total
        {count > expenses.length ? ` (oldest ${expenses.length} shown)` : ''}.
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={expenses}
        renderItem={(expense) => (
          <List.Item
            extra={
              <strong>
                <BothAmounts amount={expense.Amount} currency={expense.Currency} baseAmount={expense.BaseAmount} />
              </strong>
            }
          >
            <List.Item.Meta
              title={<Link to={getHref('expense', { id: expense.Id })}>{expense.Name}</Link>}
              description={
                <>
                  <Tag color={expense.Status === 2 ? 'gold' : 'default'}>{expense.Status === 2 ? 'Committed' : 'Planned'}</Tag>
                  {formatDate(expense.PurchaseDate)}
                  {expense.Payee ? ` · ${expense.Payee}` : ''}
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
