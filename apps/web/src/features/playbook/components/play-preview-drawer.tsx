import type { Play } from '@plansmith/contract';
import { Button, Drawer, Flex, Tag, Typography } from 'antd';
import { formatDate, formatMonth } from '../../../shared/format/dates.ts';
import { formatCount, formatBase } from '../../../shared/format/money.ts';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { usePlayPreview } from '../api/playbook-queries.ts';
import { itemsText, monthsText } from '../lib/play-text.ts';
import { PhasingSparkline } from './phasing-sparkline.tsx';
import './play-preview-drawer.css';

const ITEM_TYPE = { 1: 'Productive', 2: 'Operational' } as const;

const PreviewBody = ({ playId }: { playId: string }) => {
  const preview = usePlayPreview(playId);
  if (preview.isPending) return <LoadingState label="Loading the play…" />;
  if (preview.isError) {
    return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} title="The play could not be loaded." />;
  }
  const { Play: play, Months: months, Categories: categories, Objectives: objectives } = preview.data;
  const monthLabels = months.map((month) => formatMonth(month));
  return (
    <Flex vertical gap={20}>
      <Typography.Text type="secondary">
        {monthsText(play.DurationMonths)} ({formatDate(play.StartDate)} – {formatDate(play.EndDate)}) · {itemsText(play.ItemCount)} ·{' '}
        {formatBase(play.Total)}
      </Typography.Text>
      {play.Description ? <Typography.Paragraph style={{ margin: 0 }}>{play.Description}</Typography.Paragraph> : null}
      {categories.length === 0 ? <Typography.Text type="secondary">This play has no budget items yet.</Typography.Text> : null}
      {categories.map((category) => (
        <section key={category.BudgetCategoryId} aria-label={category.Name}>
          <Flex justify="space-between" align="baseline">
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {category.Name}
            </Typography.Title>
            <Typography.Text strong>{formatBase(category.Total)}</Typography.Text>
          </Flex>
          <table className="play-items" style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8, tableLayout: 'fixed' }}>
            {/* The same columns in every category, so the sparklines line up down the drawer. */}
            <colgroup>
              <col />
              <col style={{ width: 110 }} />
              <col style={{ width: 140 }} />
              <col style={{ width: 130 }} />
            </colgroup>
            <thead>
              <tr style={{ textAlign: 'left', color: 'rgba(0,0,0,0.65)' }}>
                <th>Item</th>
                <th>Type</th>
                <th>Phasing</th>
                <th style={{ textAlign: 'right' }}>Amount</th>
              </tr>
            </thead>
            <tbody>
              {category.Items.map((item) => (
                <tr key={item.Id}>
                  <td>{item.Name}</td>
                  <td>{ITEM_TYPE[item.ItemType]}</td>
                  <td>
                    {item.IsPhased ? (
                      <PhasingSparkline months={monthLabels} values={item.Months} />
                    ) : (
                      <Typography.Text type="secondary">Not phased</Typography.Text>
                    )}
                  </td>
                  <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatBase(item.Amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <section aria-label="Objectives">
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          Objectives
        </Typography.Title>
        {objectives.length === 0 ? (
          <Typography.Text type="secondary">No objectives.</Typography.Text>
        ) : (
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            {objectives.map((objective) => (
              <Flex key={objective.Id} justify="space-between">
                <span>{objective.Name}</span>
                <Tag style={{ margin: 0 }}>
                  {objective.MetricType === 2
                    ? formatBase(objective.TargetValue)
                    : `${formatCount(objective.TargetValue)}${objective.MetricType === 3 ? '%' : ''}${objective.Metric && objective.MetricType === 1 ? ` ${objective.Metric}` : ''}`}
                </Tag>
              </Flex>
            ))}
          </Flex>
        )}
      </section>
    </Flex>
  );
};

/** The play's items by category with their phasing, and its objectives; "Use this play" from here too. */
/** `onUse` is left out for someone who may create plans in no team: the button is not offered. */
export const PlayPreviewDrawer = ({ play, onClose, onUse }: { play: Play | null; onClose: () => void; onUse?: (play: Play) => void }) => (
  <Drawer
    open={play !== null}
    onClose={onClose}
    title={play?.Name}
    size="large"
    destroyOnHidden
    styles={{ body: { padding: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' } }}
    extra={
      play && onUse ? (
        <Button type="primary" onClick={() => onUse(play)}>
          Use this play
        </Button>
      ) : null
    }
  >
    {play ? (
      // The scrolling box is ours and takes focus, so keyboard users can scroll a long play (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself takes focus so arrow keys scroll it
      <section tabIndex={0} aria-label={`Contents of ${play.Name}`} style={{ flex: 1, overflow: 'auto', padding: 24 }}>
        <PreviewBody playId={play.Id} />
      </section>
    ) : null}
  </Drawer>
);
