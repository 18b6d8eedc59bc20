import type { Play } from '@plansmith/contract';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';
import { itemsText, monthsText } from '../lib/play-text.ts';

const CATEGORY_TYPE_COLORS = { 1: 'blue', 2: 'purple', 3: 'gold' } as const;

/** One play: what it costs, how long it runs and where the money goes, with its actions ("Use this play" only with `onUse`). */
export const PlayCard = ({
  play,
  onPreview,
  onUse,
  onRename,
  onDelete,
}: {
  play: Play;
  onPreview: (play: Play) => void;
  onUse?: (play: Play) => void;
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
    <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8, margin: 0 }}>
      {[
        ['Total', formatBase(play.Total)],
        ['Duration', monthsText(play.DurationMonths)],
        ['Budget items', itemsText(play.ItemCount)],
      ].map(([label, value]) => (
        <div key={label}>
          <dt>
            <Typography.Text type="secondary">{label}</Typography.Text>
          </dt>
          <dd style={{ margin: 0, fontSize: 18, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</dd>
        </div>
      ))}
    </dl>
    <Flex wrap gap={4} aria-label="Categories">
      {play.Categories.length === 0 ? <Typography.Text type="secondary">No budget items yet</Typography.Text> : null}
      {play.Categories.map((category) => (
        <Tag key={category.BudgetCategoryId} color={CATEGORY_TYPE_COLORS[category.CategoryType]} style={{ margin: 0 }}>
          {category.Name} · {formatBase(category.Total)}
        </Tag>
      ))}
    </Flex>
    <Flex gap={8} justify="space-between" align="center" style={{ marginTop: 'auto' }}>
      <Flex gap={8}>
        {onUse ? (
          <Button type="primary" onClick={() => onUse(play)} aria-label={`Use this play: ${play.Name}`}>
            Use this play
          </Button>
        ) : null}
        <Button onClick={() => onPreview(play)} aria-label={`Preview ${play.Name}`}>
          Preview
        </Button>
      </Flex>
      {play.CanManage ? (
        <Flex gap={4}>
          <Tooltip title="Rename">
            <Button type="text" icon={<EditOutlined />} onClick={() => onRename(play)} aria-label={`Rename ${play.Name}`} />
          </Tooltip>
          <Tooltip title="Delete">
            <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onDelete(play)} aria-label={`Delete ${play.Name}`} />
          </Tooltip>
        </Flex>
      ) : null}
    </Flex>
  </Card>
);
