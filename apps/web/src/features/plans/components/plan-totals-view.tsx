import { CATEGORY_TYPE_NAMES, ITEM_TYPE_NAMES, type MoneyTotals, type PlanTotals } from '@plansmith/contract';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatPercent, formatUsd } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';

type TotalsRow = MoneyTotals & { key: string; label: string; type?: string };

const moneyColumns = [
  { title: 'Budget', dataIndex: 'Budget', align: 'right' as const, render: formatUsd },
  { title: 'Actual', dataIndex: 'Actual', align: 'right' as const, render: formatUsd },
  { title: 'Committed', dataIndex: 'Committed', align: 'right' as const, render: formatUsd },
  { title: 'Available', dataIndex: 'Available', align: 'right' as const, render: formatUsd },
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
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {[
          ['Budget', formatUsd(totals.Totals.Budget)],
          ['Actual', formatUsd(totals.Totals.Actual)],
          ['Committed', formatUsd(totals.Totals.Committed)],
          ['Available', formatUsd(totals.Totals.Available)],
          ['Burn rate', formatPercent(totals.Totals.BurnRate)],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="By budget category" size="small" style={{ marginBottom: 16 }}>
        <Table<TotalsRow>
          size="small"
          pagination={false}
          dataSource={categoryRows}
          locale={{ emptyText: 'No budget items yet.' }}
          columns={[{ title: 'Category', dataIndex: 'label' }, { title: 'Type', dataIndex: 'type' }, ...moneyColumns]}
        />
      </Card>
      <Card title="By item type" size="small">
        <Table<TotalsRow>
          size="small"
          pagination={false}
          dataSource={typeRows}
          columns={[{ title: 'Type', dataIndex: 'label' }, ...moneyColumns]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {totals.UnassignedActual > 0 ? `Includes ${formatUsd(totals.UnassignedActual)} of expenses not tied to a budget item. ` : ''}
        Recomputed {formatDateTime(totals.RebuiltAt)}.
      </Typography.Paragraph>
    </>
  );
};
