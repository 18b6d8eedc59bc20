import type { BudgetItem } from '@plansmith/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { formatUsd } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';

/** What has been spent on the item: actual, committed and planned expenses against its amount. */
export const BudgetItemSpend = ({ item }: { item: BudgetItem }) => (
  <Card title="Spend" size="small">
    <Row gutter={[16, 16]}>
      {[
        ['Budget', item.Amount],
        ['Actual', item.Actual],
        ['Committed', item.Committed],
        ['Planned', item.Planned],
        ['Available', item.Available],
      ].map(([title, value]) => (
        <Col key={String(title)} xs={12} md={8} lg={4}>
          <Statistic title={String(title)} value={formatUsd(Number(value))} />
        </Col>
      ))}
      <Col xs={24} lg={4}>
        <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>Burn rate</div>
        <BurnRateBar rate={item.BurnRate} />
      </Col>
    </Row>
  </Card>
);
