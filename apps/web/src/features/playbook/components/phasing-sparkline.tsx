import { formatBase } from '../../../shared/format/money.ts';

const WIDTH = 120;
const HEIGHT = 28;

/** An item's monthly phasing as small bars, one per plan month; screen readers get the months in words. */
export const PhasingSparkline = ({ months, values }: { months: readonly string[]; values: readonly number[] }) => {
  const max = Math.max(0, ...values);
  const slot = WIDTH / Math.max(1, values.length);
  const described = values
    .map((value, index) => (value > 0 ? `${months[index]}: ${formatBase(value)}` : null))
    .filter((entry): entry is string => entry !== null);
  const label = described.length > 0 ? `Phasing by month — ${described.join(', ')}` : 'Not phased by month';
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#d9d9d9" />
      {values.map((value, index) => {
        const height = max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * (HEIGHT - 2)) : 0;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per plan month, in month order
            key={index}
            x={index * slot + 1}
            y={HEIGHT - 1 - height}
            width={Math.max(1, slot - 2)}
            height={height}
            fill="#1677ff"
            rx={1}
          />
        );
      })}
    </svg>
  );
};
