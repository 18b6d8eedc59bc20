import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDelivery } from '@plansmith/contract';
import type { TableColumnType } from 'antd';
import { Alert, Button, Drawer, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { useWebhookDeliveries } from '../api/webhook-queries.ts';
import { DeliveryStatusTag, describeResponse } from './delivery-status.tsx';
import { formatCount } from '../../../shared/format/money.ts';

const PAGE_SIZE = 20;

const columns: TableColumnType<WebhookDelivery>[] = [
  {
    title: 'Event',
    dataIndex: 'Event',
    render: (event: WebhookDelivery['Event'], delivery) => (
      <span>
        {WEBHOOK_EVENT_LABELS[event]}
        {delivery.Error ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {delivery.Error}
          </Typography.Text>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'Status',
    render: (status: WebhookDelivery['Status'], delivery) => <DeliveryStatusTag status={status} attempts={delivery.Attempts} />,
  },
  {
    title: 'Response',
    key: 'response',
    render: (_: unknown, delivery) => describeResponse(delivery.ResponseStatus, delivery.ResponseMs),
  },
  { title: 'Attempts', dataIndex: 'Attempts' },
  { title: 'Created', dataIndex: 'CreatedAt', render: (value: string) => formatDateTime(value) },
  {
    title: 'Delivered / next attempt',
    key: 'when',
    render: (_: unknown, delivery) =>
      delivery.DeliveredAt
        ? formatDateTime(delivery.DeliveredAt)
        : delivery.Status === 'pending' && delivery.NextAttemptAt
          ? `Next try ${formatDateTime(delivery.NextAttemptAt)}`
          : '—',
  },
];

/** A hook's delivery log, newest first, a page at a time (a drawer beside the list). */
export const WebhookDeliveries = ({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) => (
  <Drawer
    open={hook !== null}
    onClose={onClose}
    title={hook ? `Deliveries to ${hook.Url}` : 'Deliveries'}
    size="min(920px, 100vw)"
    destroyOnHidden
  >
    {hook ? <DeliveryLog webhookId={hook.Id} /> : null}
  </Drawer>
);

const DeliveryLog = ({ webhookId }: { webhookId: string }) => {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, page, PAGE_SIZE);
  if (deliveries.isPending) return <LoadingState />;
  if (deliveries.isError) return <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  const { Items, Total } = deliveries.data;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {Total === 0
            ? 'Nothing delivered yet.'
            : `${formatCount(Total)} deliver${Total === 1 ? 'y' : 'ies'}. A failing delivery is retried with a growing pause for 24 hours, then marked failed.`}
        </Typography.Text>
        <Button size="small" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
          Refresh
        </Button>
      </Flex>
      {deliveries.isPlaceholderData ? <Alert type="info" title="Loading the page…" showIcon /> : null}
      {Items.length > 0 ? (
        <ResponsiveTable<WebhookDelivery> rowKey="Id" columns={columns} dataSource={Items} pagination={false} phoneTitle="Deliveries" />
      ) : null}
      {Total > PAGE_SIZE ? (
        <Pagination current={page} pageSize={PAGE_SIZE} total={Total} onChange={setPage} showSizeChanger={false} size="small" />
      ) : null}
    </Flex>
  );
};
