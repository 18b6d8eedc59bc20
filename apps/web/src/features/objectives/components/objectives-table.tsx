import { getHref, type Objective } from '@plansmith/contract';
import { Button, Flex, Typography } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { ObjectiveProgress } from './objective-progress.tsx';
import { ObjectiveStatusTag } from './objective-status-tag.tsx';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';

/** The plan's objectives: status, progress against target and pace, budget against spend, cost per result. */
export const ObjectivesTable = ({
  objectives,
  canEdit,
  onEdit,
}: {
  objectives: Objective[];
  canEdit: boolean;
  onEdit: (objective: Objective) => void;
}) => (
  <ResponsiveTable<Objective>
    rowKey="Id"
    dataSource={objectives}
    pagination={false}
    scroll={{ x: 960 }}
    columns={[
      {
        title: 'Objective',
        key: 'name',
        render: (_, row) => (
          <Flex vertical>
            <Link to={getHref('objective', { id: row.Id })}>{row.Name}</Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.Active ? '' : 'Inactive · '}
              {formatDate(row.StartDate)} to {formatDate(row.EndDate)}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: 'Status', key: 'status', width: 120, render: (_, row) => <ObjectiveStatusTag status={row.Status} /> },
      { title: 'Progress against target and pace', key: 'progress', width: 300, render: (_, row) => <ObjectiveProgress objective={row} /> },
      {
        title: 'Spent of budget',
        key: 'budget',
        align: 'right',
        render: (_, row) => (
          <Flex vertical align="flex-end">
            <span>{formatBase(row.Spent)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              of {formatBase(row.BudgetAllocated)} · {row.LinkedItemCount} item{row.LinkedItemCount === 1 ? '' : 's'}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Cost per result',
        key: 'cost',
        ...MONEY_COLUMN,
        render: (_, row) =>
          row.CostPerResult === null ? <Typography.Text type="secondary">—</Typography.Text> : formatBase(row.CostPerResult),
      },
      ...(canEdit
        ? [
            {
              title: <VisuallyHidden>Actions</VisuallyHidden>,
              key: 'actions',
              width: 90,
              render: (_: unknown, row: Objective) => (
                <Button size="small" onClick={() => onEdit(row)} aria-label={`Edit ${row.Name}`}>
                  Edit
                </Button>
              ),
            },
          ]
        : []),
    ]}
  />
);
