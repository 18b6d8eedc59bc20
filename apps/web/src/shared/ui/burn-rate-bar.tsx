import { Progress } from 'antd';
import { formatPercent } from '../format/money.ts';

/** Burn rate (actual ÷ budget) as a bar and a whole percent (SPEC.md §9); over 100% shows red. */
export const BurnRateBar = ({ rate }: { rate: number }) => {
  const percent = Math.round(rate * 100);
  return (
    <Progress
      percent={Math.min(100, Math.max(0, percent))}
      size="small"
      status={rate > 1 ? 'exception' : 'normal'}
      format={() => formatPercent(rate)}
      aria-label={`Burn rate ${formatPercent(rate)}`}
      style={{ margin: 0, minWidth: 110 }}
    />
  );
};
