import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { formatCount } from '../../../shared/format/money.ts';

/** Above the list while rows are selected: how many, and what can be done with them. */
export const ExpenseBulkBar = ({ count, onEdit, onClear }: { count: number; onEdit: () => void; onClear: () => void }) => (
  <Flex
    gap={8}
    wrap
    align="center"
    role="region"
    aria-label="Selected expenses"
    style={{ marginBottom: 12, padding: '8px 12px', background: 'var(--ant-color-primary-bg, #e6f4ff)', borderRadius: 8 }}
  >
    <Typography.Text strong aria-live="polite">
      {formatCount(count)} {count === 1 ? 'expense' : 'expenses'} selected
    </Typography.Text>
    <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
      Edit selected
    </Button>
    <Button onClick={onClear}>Clear selection</Button>
  </Flex>
);
