import type { ApprovalRequest } from '@plansmith/contract';
import { Table, Typography } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';

type Change = NonNullable<ApprovalRequest['Change']>;
type MonthChange = Change['Months'][number];

/** A changed month's name; null is the Amount of an item without a monthly phasing. */
const monthName = (month: MonthChange['Month']): string => (month ? formatMonthLabel(month) : 'Amount (no monthly phasing)');

/** What a budget change request changes, month by month, before → after (DESIGN.md §15). */
export const BudgetChangeMonths = ({ change }: { change: Change }) => (
  <div>
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      What changes
    </Typography.Title>
    <Table<MonthChange>
      size="small"
      pagination={false}
      rowKey={(month) => month.Month ?? 'amount'}
      dataSource={change.Months}
      aria-label="Months before and after"
      columns={[
        { title: 'Month', key: 'Month', render: (_, month) => monthName(month.Month) },
        { title: 'Before', key: 'Before', align: 'right', render: (_, month) => formatBase(month.Before) },
        { title: 'After', key: 'After', align: 'right', render: (_, month) => formatBase(month.After) },
      ]}
    />
  </div>
);
