import type { Play } from '@plansmith/contract';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { formatUsd } from '../../../shared/format/money.ts';
import { itemsText, monthsText } from '../lib/play-text.ts';

const CATEGORY_TYPE_COLORS = { 1: 'blue', 2: 'purple', 3: 'gold' } as const;

/** One play: what it costs, how long it runs and where the money goes, with its actions. */
export const PlayCard = ({
  play,
  onPreview,
  onUse,
  onRename,
  onDelete,
}: {
  play: Play;
  onPreview: (play: Play) => void;
  onUse: (play: Play) => void;
  onRename: (play: Play) => void;
  onDelete: (play: Play) => void;
}) => (
  <Card
    size="small"
    style={{ height: '100%' }}
    styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    data-testid="play-card"
  >
    <Flex justify="space-between" align="flex-start" gap={8}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {play.Name}
      </Typography.Title>
      {play.StarterPlay ? <Tag color="green">Starter</Tag> : null}
    </Flex>
    {play.Description ? (
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
        {play.Description}
      </Typography.Paragraph>
    ) : null}
    <Flex gap={24} wrap>
      <div>
        <Typography.Text type="secondary">Total</Typography.Text>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{formatUsd(play.Total)}</div>
      </div>
      <div>
        <Typography.Text type="secondary">Duration</Typography.Text>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{monthsText(play.DurationMonths)}</div>
      </div>
      <div>
        <Typography.Text type="secondary">Budget items</Typography.Text>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{itemsText(play.ItemCount)}</div>
      </div>
    </Flex>
    <Flex wrap gap={4} aria-label="Categories">
      {play.Categories.length === 0 ? <Typography.Text type="secondary">No budget items yet</Typography.Text> : null}
      {play.Categories.map((category) => (
        <Tag key={category.BudgetCategoryId} color={CATEGORY_TYPE_COLORS[category.CategoryType]} style={{ margin: 0 }}>
          {category.Name} · {formatUsd(category.Total)}
        </Tag>
      ))}
    </Flex>
    <Flex gap={8} wrap style={{ marginTop: 'auto' }}>
      <Button type="primary" onClick={() => onUse(play)} aria-label={`Use this play: ${play.Name}`}>
        Use this play
      </Button>
      <Button onClick={() => onPreview(play)} aria-label={`Preview ${play.Name}`}>
        Preview
      </Button>
      {play.CanManage ? (
        <>
          <Button type="text" onClick={() => onRename(play)} aria-label={`Rename ${play.Name}`}>
            Rename
          </Button>
          <Button type="text" danger onClick={() => onDelete(play)} aria-label={`Delete ${play.Name}`}>
            Delete
          </Button>
        </>
      ) : null}
    </Flex>
  </Card>
);
