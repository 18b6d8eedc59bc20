import { Progress, Tooltip } from 'antd';
import { formatPercent, formatBase } from '../format/money.ts';

/**
 * Burn rate (actual ÷ budget) as a bar and a whole percent (SPEC.md §9); over 100% shows red.
 * Given the money behind it, a tooltip says how much of the budget is spent.
 */
export const BurnRateBar = ({
  rate,
  spent,
  label = 'Burn rate',
  size = 'small',
}: {
  rate: number;
  spent?: { actual: number; budget: number };
  label?: string;
  size?: 'small' | 'default';
}) => {
  const percent = Math.round(rate * 100);
  const bar = (
    <Progress
      percent={Math.min(100, Math.max(0, percent))}
      size={size}
      status={rate > 1 ? 'exception' : 'normal'}
      format={() => formatPercent(rate)}
      aria-label={`${label} ${formatPercent(rate)}`}
      style={{ margin: 0, minWidth: 110 }}
    />
  );
  if (!spent) return bar;
  return (
    <Tooltip title={`${formatBase(spent.actual)} spent of ${formatBase(spent.budget)}`}>
      <div>{bar}</div>
    </Tooltip>
  );
};
