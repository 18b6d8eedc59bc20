import { Progress, Tooltip } from 'antd';
import { formatPercent, formatUsd } from '../../../shared/format/money.ts';

/** Burn rate (actual ÷ budget) as a bar with the whole percent (SPEC.md §9); red once over budget. */
export const BurnRateBar = ({
  rate,
  actual,
  budget,
  label = 'Burn rate',
}: {
  rate: number;
  actual: number;
  budget: number;
  label?: string;
}) => (
  <Tooltip title={`${formatUsd(actual)} spent of ${formatUsd(budget)}`}>
    <div>
      <Progress
        percent={Math.round(rate * 100)}
        status={rate > 1 ? 'exception' : 'normal'}
        format={() => formatPercent(rate)}
        aria-label={`${label} ${formatPercent(rate)}`}
      />
    </div>
  </Tooltip>
);
