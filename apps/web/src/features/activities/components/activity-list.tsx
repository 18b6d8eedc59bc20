import { DeleteOutlined, EditOutlined, MessageOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { type Activity, type ActivityChange, EXPENSE_STATUS_LABELS, type ExpenseStatus } from '@plansmith/contract';
import { Button, List, Popconfirm, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';

const ICONS: Record<Activity['Action'], ReactNode> = {
  create: <PlusCircleOutlined style={{ color: '#389e0d' }} />,
  update: <EditOutlined style={{ color: '#0958d9' }} />,
  delete: <DeleteOutlined style={{ color: '#cf1322' }} />,
  note: <MessageOutlined style={{ color: '#8c8c8c' }} />,
};
const VERBS: Record<Activity['Action'], string> = { create: 'created', update: 'changed', delete: 'deleted', note: 'wrote a note on' };
const ENTITY_WORDS: Record<Activity['EntityType'], string> = {
  MarketingPlan: 'plan',
  BudgetItem: 'budget item',
  Expense: 'expense',
  BudgetCategory: 'category',
  Objective: 'objective',
};
const MONEY_FIELDS = new Set(['Amount', 'Budget', 'AmountCents']);

const formatValue = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatBase(value);
  if (field === 'Status' && (value === 1 || value === 2 || value === 3)) return EXPENSE_STATUS_LABELS[value as ExpenseStatus];
  if (typeof value === 'object') return 'changed';
  if (field.endsWith('Id')) return 'changed';
  return String(value);
};

const describeChange = (change: ActivityChange): string =>
  change.Field.endsWith('Id') || typeof change.To === 'object'
    ? `${change.Field} changed`
    : `${change.Field}: ${formatValue(change.Field, change.From)} → ${formatValue(change.Field, change.To)}`;

/** A list of activities: who did what to which entity, when, and (for updates) before → after. */
export const ActivityList = ({
  activities,
  onDelete,
  deleting,
}: {
  activities: Activity[];
  onDelete?: (activity: Activity) => void;
  deleting?: boolean;
}) => (
  <List
    size="small"
    dataSource={activities}
    renderItem={(activity) => (
      <List.Item
        actions={
          activity.CanDelete && onDelete
            ? [
                <Popconfirm
                  key="delete"
                  title="Delete this note?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(activity)}
                >
                  <Button type="link" size="small" danger loading={deleting}>
                    Delete
                  </Button>
                </Popconfirm>,
              ]
            : undefined
        }
      >
        <List.Item.Meta
          avatar={ICONS[activity.Action]}
          title={
            <span>
              <Typography.Text strong>{activity.ActorName ?? 'Someone'}</Typography.Text> {VERBS[activity.Action]} the{' '}
              {ENTITY_WORDS[activity.EntityType]} <Typography.Text strong>{activity.Name}</Typography.Text>
            </span>
          }
          description={
            <>
              {activity.Description ? (
                <div style={{ color: 'rgba(0,0,0,0.75)', whiteSpace: 'pre-wrap' }}>{activity.Description}</div>
              ) : null}
              {activity.Action === 'update' && activity.Changes.length > 0 ? (
                <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
                  {activity.Changes.map((change) => (
                    <li key={change.Field}>{describeChange(change)}</li>
                  ))}
                </ul>
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(activity.CreatedAt)}
              </Typography.Text>
            </>
          }
        />
      </List.Item>
    )}
  />
);
