import { ITEM_TYPE_NAMES, type ItemType } from '@plansmith/contract';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { formatPercent, formatUsd } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';
import type { MoneySums } from '../lib/budget-rows.ts';

/** Headline figures of the items shown, and their subtotals per item type. */
export const BudgetSummary = ({ totals, byType }: { totals: MoneySums; byType: { itemType: ItemType; sums: MoneySums }[] }) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    <Col xs={24} xl={12}>
      <Row gutter={[12, 12]}>
        {[
          ['Budget', formatUsd(totals.budget)],
          ['Actual', formatUsd(totals.actual)],
          ['Available', formatUsd(totals.available)],
          ['Burn rate', formatPercent(totals.burnRate)],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={6} xl={12}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
    </Col>
    <Col xs={24} xl={12}>
      <Card size="small" title="Subtotals by type">
        <Table
          size="small"
          pagination={false}
          rowKey="itemType"
          dataSource={byType}
          aria-label="Subtotals by type"
          columns={[
            { title: 'Type', dataIndex: 'itemType', render: (type: ItemType) => ITEM_TYPE_NAMES[type] },
            { title: 'Items', key: 'count', align: 'right', render: (_v, row) => row.sums.count },
            { title: 'Budget', key: 'budget', align: 'right', render: (_v, row) => formatUsd(row.sums.budget) },
            { title: 'Actual', key: 'actual', align: 'right', render: (_v, row) => formatUsd(row.sums.actual) },
            { title: 'Burn rate', key: 'burn', width: 150, render: (_v, row) => <BurnRateBar rate={row.sums.burnRate} /> },
          ]}
        />
      </Card>
    </Col>
  </Row>
);
