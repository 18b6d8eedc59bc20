import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { DeltaPeriod, PerformanceKpis } from '@plansmith/contract';
import { Card, Col, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { formatRatio } from '../../../shared/format/objective-values.ts';

type Tile = {
  title: string;
  now: number | null;
  before: number | null;
  format: (value: number) => string;
  /** Whether a rise is good news (green) or bad news (red); null: neither. */
  riseIsGood: boolean | null;
  help: string;
};

const Delta = ({ tile, since }: { tile: Tile; since: string }) => {
  if (tile.now === null || tile.before === null) return <Typography.Text type="secondary">No change to show since {since}</Typography.Text>;
  const change = Math.round((tile.now - tile.before) * 10_000) / 10_000;
  if (change === 0) return <Typography.Text type="secondary">No change since {since}</Typography.Text>;
  const isRise = change > 0;
  // Dark green and red (WCAG AA on white); antd's success green is 2.3:1.
  const color = tile.riseIsGood === null ? 'rgba(0, 0, 0, 0.6)' : isRise === tile.riseIsGood ? '#237804' : '#cf1322';
  const amount = tile.format === formatRatio ? `${Math.abs(Math.round(change * 100))} pts` : tile.format(Math.abs(change));
  return (
    <Typography.Text style={{ color }}>
      {isRise ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {isRise ? 'Up' : 'Down'} {amount} since {since}
    </Typography.Text>
  );
};

const PERIODS: { value: DeltaPeriod; label: string }[] = [
  { value: 'Week', label: 'Last 7 days' },
  { value: 'Month', label: 'Since last month' },
  { value: 'Quarter', label: 'Since last quarter' },
];

/** Spent, value, ROI and cost per result now, each with its change over the chosen period (none before the plan starts). */
export const KpiTiles = ({
  now,
  before,
  period,
  onPeriodChange,
  planStart,
}: {
  now: PerformanceKpis;
  before: PerformanceKpis | null;
  period: DeltaPeriod;
  onPeriodChange: (period: DeltaPeriod) => void;
  planStart: string;
}) => {
  const since = before ? formatDate(before.AsOf) : '';
  const tiles: Tile[] = [
    {
      title: 'Spent',
      now: now.Spent,
      before: before?.Spent ?? null,
      format: formatBase,
      riseIsGood: null,
      help: 'Actual expenses of the plan',
    },
    {
      title: 'Value',
      now: now.Value,
      before: before?.Value ?? null,
      format: formatBase,
      riseIsGood: true,
      help: 'Actual of revenue objectives',
    },
    { title: 'ROI', now: now.Roi, before: before?.Roi ?? null, format: formatRatio, riseIsGood: true, help: '(Value − Spent) ÷ Spent' },
    {
      title: 'Cost per result',
      now: now.CostPerResult,
      before: before?.CostPerResult ?? null,
      format: formatBase,
      riseIsGood: false,
      help: 'Spend on count objectives ÷ their results',
    },
  ];
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text id="delta-period-label">Changes</Typography.Text>
        <Segmented<DeltaPeriod> aria-labelledby="delta-period-label" options={PERIODS} value={period} onChange={onPeriodChange} />
        {before ? null : (
          <Typography.Text type="secondary">No earlier figures to compare with: the plan started {formatDate(planStart)}.</Typography.Text>
        )}
      </Flex>
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => (
          // One tile a row on a phone: two side by side left ~170 px, and "$1,234,567.89" broke over two lines.
          <Col key={tile.title} xs={24} sm={12} xl={6}>
            <Card size="small">
              <Statistic
                title={tile.title}
                value={tile.now === null ? '—' : tile.format(tile.now)}
                // A figure is read whole: it stays on one line (the tile is wide enough for ten digits).
                valueStyle={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              />
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {tile.help}
              </Typography.Text>
              <div style={{ fontSize: 13, marginTop: 4 }}>{before ? <Delta tile={tile} since={since} /> : null}</div>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
};
