import { Card, Flex, Statistic, Typography } from 'antd';
import { formatBase } from '../format/money.ts';

/** Whether a plan's FX variance is worth showing: it is not zero, or the plan has expenses in another currency. */
export const showsFxVariance = (fxVariance: number, foreignExpenseCount: number): boolean => fxVariance !== 0 || foreignExpenseCount > 0;

/** "$20.00 more than at the budget rate" / "$4.71 less …" / "the same as at the budget rate". */
export const describeFxVariance = (fxVariance: number): string =>
  fxVariance === 0
    ? 'the same as at the budget rate'
    : `${formatBase(Math.abs(fxVariance))} ${fxVariance > 0 ? 'more' : 'less'} than at the budget rate`;

/**
 * The FX variance (DESIGN.md §17): actual spend in other currencies at the rates of its purchase months
 * minus the same at the plan's budget rate. Positive: exchange rates moved against the budget.
 */
export const FxVarianceCard = ({
  fxVariance,
  foreignExpenseCount,
  baseCurrency,
}: {
  fxVariance: number;
  foreignExpenseCount: number;
  baseCurrency: string;
}) => (
  <Card size="small" data-testid="fx-variance">
    <Flex wrap gap={24} align="center">
      <Statistic
        title="FX variance"
        value={`${fxVariance > 0 ? '+' : ''}${formatBase(fxVariance)}`}
        valueStyle={{ color: fxVariance > 0 ? '#cf1322' : undefined }}
      />
      <Flex vertical gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography.Text strong>Actual spend in other currencies cost {describeFxVariance(fxVariance)}</Typography.Text>
        <Typography.Text type="secondary">
          {foreignExpenseCount === 1 ? '1 expense' : `${foreignExpenseCount} expenses`} in another currency. Each is converted at the rate
          of its purchase month; every figure is in {baseCurrency}.
        </Typography.Text>
      </Flex>
    </Flex>
  </Card>
);
