import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CAMPAIGN_DEPTH_NAMES,
  type Campaign,
  type CampaignList,
  type CampaignRollup,
  type CustomField,
  type TeamMember,
} from '@plansmith/contract';
import { App, Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { useMediaQuery } from '../../../shared/ui/use-narrow-screen.ts';
import { useDeleteCampaign } from '../api/campaign-mutations.ts';
import { type CampaignNode, toTree } from '../lib/campaign-rows.ts';
import { CampaignForm, type CampaignFormTarget } from './campaign-form.tsx';

type Row = CampaignNode | { Id: string; Name: string; summary: true; Totals: CampaignRollup };

/** "Mar 1 – Oct 31, 2026" (the year once when both days share it). */
const shortRange = (start: string, end: string): string =>
  start.slice(0, 4) === end.slice(0, 4)
    ? `${dayjs(start).format('MMM D')} – ${formatDate(end)}`
    : `${formatDate(start)} – ${formatDate(end)}`;

const isSummary = (row: Row): row is Extract<Row, { summary: true }> => 'summary' in row;

const money = (key: keyof Omit<CampaignRollup, 'ItemCount'>, title: string) => ({
  title,
  key,
  align: 'right' as const,
  width: 104,
  render: (_: unknown, row: Row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBase(row.Totals[key])}</span>,
});

/**
 * The plan's campaign tree (DESIGN.md §16) with each node's roll-up (itself and everything under it),
 * the items without a campaign and the plan's total below, so the programs and "No campaign" add up to
 * the plan. Planners add, change, move (in the form) and delete campaigns here.
 */
export const CampaignTree = ({
  list,
  plan,
  people,
  fields,
  canEdit,
}: {
  list: CampaignList;
  plan: { Id: string; StartDate: string; EndDate: string };
  people: readonly TeamMember[];
  fields: readonly CustomField[];
  canEdit: boolean;
}) => {
  const [target, setTarget] = useState<CampaignFormTarget | null>(null);
  // A phone gets a list (each campaign indented under its parent, its key figures below), not a wide table.
  const phone = useMediaQuery('(max-width: 575.98px)');
  const remove = useDeleteCampaign();
  const { message } = App.useApp();
  const campaigns = list.Campaigns;
  const rows: Row[] = [
    ...toTree(campaigns),
    { Id: 'no-campaign', Name: 'No campaign', summary: true, Totals: list.NoCampaign },
    { Id: 'plan-total', Name: 'Plan total', summary: true, Totals: list.Plan },
  ];

  const columns: ColumnsType<Row> = [
    {
      title: 'Campaign',
      key: 'name',
      width: 230,
      fixed: 'left' as const,
      render: (_, row) =>
        isSummary(row) ? (
          <Typography.Text strong={row.Id === 'plan-total'} type={row.Id === 'no-campaign' ? 'secondary' : undefined}>
            {row.Name}
          </Typography.Text>
        ) : (
          <Flex gap={8} align="center" wrap={false} style={{ minWidth: 0 }}>
            <span aria-hidden style={{ flex: 'none', width: 10, height: 10, borderRadius: 2, background: row.Color ?? '#adb5bd' }} />
            <span style={{ fontWeight: row.Depth === 1 ? 600 : 400 }}>{row.Name}</span>
            <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
              {CAMPAIGN_DEPTH_NAMES[row.Depth]}
            </Tag>
          </Flex>
        ),
    },
    {
      title: 'Dates · owner',
      key: 'dates',
      width: 160,
      render: (_, row) =>
        isSummary(row) ? null : (
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>{shortRange(row.StartDate, row.EndDate)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.OwnerName ?? 'No owner'}
            </Typography.Text>
          </Flex>
        ),
    },
    money('Budget', 'Budget'),
    money('Actual', 'Actual'),
    money('Committed', 'Committed'),
    money('Planned', 'Planned'),
    money('Forecast', 'Forecast'),
    { title: 'Items', key: 'items', align: 'right', width: 60, render: (_, row) => row.Totals.ItemCount },
    ...(canEdit
      ? [
          {
            title: <span className="visually-hidden">Actions</span>,
            key: 'actions',
            width: 100,
            render: (_: unknown, row: Row) =>
              isSummary(row) ? null : (
                <Flex gap={4}>
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.Name}`}
                    onClick={() => setTarget({ campaign: row })}
                  />
                  {row.Depth < 3 ? (
                    <Button
                      size="small"
                      type="text"
                      icon={<PlusOutlined />}
                      aria-label={`Add under ${row.Name}`}
                      onClick={() => setTarget({ parentId: row.Id })}
                    />
                  ) : null}
                  <Popconfirm
                    title={`Delete ${row.Name}?`}
                    description="Its budget items stay, without a campaign."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync(row as Campaign);
                        message.success(`${row.Name} deleted.`);
                      } catch (error) {
                        message.error(errorMessage(error));
                      }
                    }}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${row.Name}`} />
                  </Popconfirm>
                </Flex>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      {canEdit ? (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ parentId: null })}>
            Add program
          </Button>
        </Flex>
      ) : null}
      {phone ? (
        <ul aria-label="Campaigns with their roll-ups" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {[...campaigns, ...rows.filter(isSummary)].map((row) => (
            <li
              key={row.Id}
              style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0', marginLeft: isSummary(row) ? 0 : (row.Depth - 1) * 14 }}
            >
              <Flex justify="space-between" align="center" gap={8}>
                <Flex gap={6} align="center" style={{ minWidth: 0 }}>
                  {isSummary(row) ? null : (
                    <span
                      aria-hidden
                      style={{ flex: 'none', width: 10, height: 10, borderRadius: 2, background: row.Color ?? '#adb5bd' }}
                    />
                  )}
                  <Typography.Text strong={isSummary(row) ? row.Id === 'plan-total' : row.Depth === 1} ellipsis>
                    {row.Name}
                  </Typography.Text>
                  {isSummary(row) ? null : <Tag bordered={false}>{CAMPAIGN_DEPTH_NAMES[row.Depth]}</Tag>}
                </Flex>
                {canEdit && !isSummary(row) ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.Name}`}
                    onClick={() => setTarget({ campaign: row })}
                  />
                ) : null}
              </Flex>
              {isSummary(row) ? null : (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shortRange(row.StartDate, row.EndDate)} · {row.OwnerName ?? 'No owner'}
                </Typography.Text>
              )}
              <div style={{ fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>
                Budget {formatBase(row.Totals.Budget)} · Actual {formatBase(row.Totals.Actual)} · Forecast {formatBase(row.Totals.Forecast)}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table<Row>
          rowKey="Id"
          size="middle"
          columns={columns}
          dataSource={rows}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          scroll={{ x: 1030 }}
          aria-label="Campaigns with their roll-ups"
          rowClassName={(row) => (isSummary(row) ? 'campaign-summary-row' : '')}
        />
      )}
      {target ? (
        <CampaignForm target={target} plan={plan} campaigns={campaigns} people={people} fields={fields} onClose={() => setTarget(null)} />
      ) : null}
    </>
  );
};
