import type { Objective } from '@plansmith/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';
import { formatMetricValue, formatRatio } from '../../../shared/format/objective-values.ts';

/** The objective's computed figures as tiles: actual against target, pace, budget and spend, cost per result. */
export const ObjectiveSummary = ({ objective }: { objective: Objective }) => {
  const value = (amount: number) => formatMetricValue(amount, objective.MetricType);
  const tiles = [
    { title: 'Actual', value: value(objective.ActualValue), suffix: `of ${value(objective.TargetValue)}` },
    {
      title: 'Attainment',
      value: formatRatio(objective.Attainment),
      suffix: objective.HigherIsBetter ? 'Actual ÷ target' : 'Target ÷ actual (lower is better)',
    },
    {
      title: 'Expected by today',
      value: value(objective.ExpectedToDate),
      suffix: objective.Aggregation === 1 ? 'Target × time elapsed' : 'The target',
    },
    { title: 'Spent', value: formatBase(objective.Spent), suffix: `of ${formatBase(objective.BudgetAllocated)}` },
    {
      title: 'Cost per result',
      value: objective.CostPerResult === null ? '—' : formatBase(objective.CostPerResult),
      suffix: objective.MetricType === 1 ? 'Spent ÷ actual' : 'Only for count objectives',
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {tiles.map((tile) => (
        <Col key={tile.title} xs={12} md={8} style={{ flex: '1 1 180px' }}>
          <Card size="small">
            <Statistic title={tile.title} value={tile.value} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {tile.suffix}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
};
