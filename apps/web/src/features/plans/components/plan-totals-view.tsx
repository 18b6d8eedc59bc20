import { CATEGORY_TYPE_NAMES, ITEM_TYPE_NAMES, type MoneyTotals, type PlanTotals } from '@plansmith/contract';
import { Card, Table, Typography } from 'antd';
import { MoneyStats } from '../../../shared/ui/money-stats.tsx';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';

const Money = ({ value }: { value: number }) => (
  <Typography.Text type={value < 0 ? 'danger' : undefined}>{formatBase(value)}</Typography.Text>
);

type TotalsRow = MoneyTotals & { key: string; label: string; type?: string };

const moneyColumns = [
  { title: 'Budget', dataIndex: 'Budget', align: 'right' as const, render: formatBase },
  { title: 'Actual', dataIndex: 'Actual', align: 'right' as const, render: formatBase },
  { title: 'Committed', dataIndex: 'Committed', align: 'right' as const, render: formatBase },
  { title: 'Planned', dataIndex: 'Planned', align: 'right' as const, render: formatBase },
  { title: 'Available', dataIndex: 'Available', align: 'right' as const, render: formatBase },
  { title: 'Left to plan', dataIndex: 'LeftToPlan', align: 'right' as const, render: (value: number) => <Money value={value} /> },
  { title: 'Burn rate', dataIndex: 'BurnRate', width: 150, render: (rate: number) => <BurnRateBar rate={rate} /> },
];

/** The plan's money: headline figures, then totals by budget category and by item type (RebuildPlan). */
export const PlanTotalsView = ({ totals }: { totals: PlanTotals }) => {
  const categoryRows: TotalsRow[] = totals.ByCategory.map((row) => ({
    ...row,
    key: row.BudgetCategoryId,
    label: row.Name,
    type: CATEGORY_TYPE_NAMES[row.CategoryType],
  }));
  const typeRows: TotalsRow[] = totals.ByType.map((row) => ({ ...row, key: String(row.ItemType), label: ITEM_TYPE_NAMES[row.ItemType] }));
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <MoneyStats
          figures={{
            budget: totals.Totals.Budget,
            planned: totals.Totals.Planned,
            committed: totals.Totals.Committed,
            actual: totals.Totals.Actual,
            available: totals.Totals.Available,
            leftToPlan: totals.Totals.LeftToPlan,
          }}
        />
        <Typography.Text type="secondary">Burn rate {formatPercent(totals.Totals.BurnRate)}</Typography.Text>
      </div>
      <Card title="By budget category" size="small" style={{ marginBottom: 16 }}>
        <Table<TotalsRow>
          size="small"
          pagination={false}
          dataSource={categoryRows}
          locale={{ emptyText: 'No budget items yet.' }}
          scroll={{ x: 1000 }}
          columns={[
            { title: 'Category', dataIndex: 'label', fixed: 'left', width: 180 },
            { title: 'Category type', dataIndex: 'type' },
            ...moneyColumns,
          ]}
        />
      </Card>
      <Card title="By item type" size="small">
        <Table<TotalsRow>
          size="small"
          pagination={false}
          dataSource={typeRows}
          scroll={{ x: 900 }}
          columns={[{ title: 'Item type', dataIndex: 'label', fixed: 'left', width: 140 }, ...moneyColumns]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {totals.UnassignedActual > 0 ? `Includes ${formatBase(totals.UnassignedActual)} of expenses not tied to a budget item. ` : ''}
        Recomputed {formatDateTime(totals.RebuiltAt)}.
      </Typography.Paragraph>
    </>
  );
};
