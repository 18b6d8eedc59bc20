import type { Landing } from '@plansmith/contract';
import { Card, Flex, Statistic, Typography } from 'antd';
import { formatBase } from '../format/money.ts';

/** "$12,400.00 under budget" / "$300.00 over budget" / "on budget" for a Variance (Budget − Forecast). */
export const describeVariance = (variance: number, against: 'budget' | 'the baseline'): string =>
  variance === 0 ? `on ${against}` : `${formatBase(Math.abs(variance))} ${variance > 0 ? 'under' : 'over'} ${against}`;

/**
 * Where the plan will land (DESIGN.md §14): the sum of every item's Forecast against its Budget and
 * its Baseline, as the dashboard and the plan page show it ("landing $12,400 under budget").
 */
export const LandingCard = ({ landing }: { landing: Landing }) => (
  <Card size="small" data-testid="landing">
    <Flex wrap gap={24} align="center">
      <Statistic title="Landing (forecast)" value={formatBase(landing.Forecast)} />
      <Flex vertical gap={2}>
        <Typography.Text strong style={{ color: landing.Variance < 0 ? '#cf1322' : undefined }} data-testid="landing-budget">
          Landing {describeVariance(landing.Variance, 'budget')}
        </Typography.Text>
        <Typography.Text type="secondary">Budget {formatBase(landing.Budget)}</Typography.Text>
      </Flex>
      <Flex vertical gap={2}>
        {landing.Baseline === null || landing.BaselineVariance === null ? (
          <Typography.Text type="secondary">No baseline locked yet</Typography.Text>
        ) : (
          <>
            <Typography.Text strong style={{ color: landing.BaselineVariance < 0 ? '#cf1322' : undefined }} data-testid="landing-baseline">
              Landing {describeVariance(landing.BaselineVariance, 'the baseline')}
            </Typography.Text>
            <Typography.Text type="secondary">Baseline {formatBase(landing.Baseline)}</Typography.Text>
          </>
        )}
      </Flex>
    </Flex>
  </Card>
);
