import type { Webhook } from '@plansmith/contract';
import type { TableColumnType } from 'antd';
import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { staleWriteOf } from '../../../shared/ui/merge-dialog.tsx';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useDeleteWebhook, useKeepTheirWebhook, useTestWebhook } from '../api/webhook-mutations.ts';
import { DeliveryStatusTag, describeResponse } from './delivery-status.tsx';
import { summariseEvents } from './webhook-events.tsx';

/**
 * The account's hooks: URL, events, active, last delivery; per hook: edit, send a test `ping` (its
 * result shown at once), its delivery log, delete after a confirm.
 */
export const WebhooksTable = ({
  hooks,
  onEdit,
  onShowDeliveries,
}: {
  hooks: Webhook[];
  onEdit: (hook: Webhook) => void;
  onShowDeliveries: (hook: Webhook) => void;
}) => {
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const keepTheirs = useKeepTheirWebhook();
  const { message } = App.useApp();

  const onDelete = async (hook: Webhook) => {
    try {
      await remove.mutateAsync(hook);
      message.success(`Webhook to ${hook.Url} deleted: it receives nothing more.`);
    } catch (error) {
      // Changed since it was read: show it as it is now, and let the person decide again.
      const stale = staleWriteOf<Webhook>(error);
      if (stale) keepTheirs(stale.current);
      message.error(errorMessage(error));
    }
  };

  const onTest = async (hook: Webhook) => {
    try {
      const delivery = await test.mutateAsync(hook.Id);
      const answer = describeResponse(delivery.ResponseStatus, delivery.ResponseMs);
      if (delivery.Status === 'delivered') message.success(`Test delivered: ${answer}.`);
      else message.warning(`Test not delivered: ${(delivery.Error ?? answer).replace(/\.$/, '')}. It is retried like any delivery.`, 8);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const columns: TableColumnType<Webhook>[] = [
    {
      title: 'URL',
      dataIndex: 'Url',
      render: (url: string, hook) => (
        <Flex vertical gap={2}>
          <Typography.Text style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>{url}</Typography.Text>
          {hook.Description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hook.Description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: 'Events', dataIndex: 'Events', render: (events: string[]) => summariseEvents(events) },
    {
      title: 'Active',
      dataIndex: 'Active',
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Paused</Tag>),
    },
    {
      title: 'Last delivery',
      dataIndex: 'LastDelivery',
      render: (last: Webhook['LastDelivery']) =>
        last ? (
          <Flex vertical gap={2}>
            <span>
              <DeliveryStatusTag status={last.Status} attempts={last.Attempts} /> {last.ResponseStatus ?? ''}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(last.At)}
            </Typography.Text>
          </Flex>
        ) : (
          'None yet'
        ),
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      render: (_: unknown, hook) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => onEdit(hook)} aria-label={`Edit webhook to ${hook.Url}`}>
            Edit
          </Button>
          <Button
            size="small"
            onClick={() => void onTest(hook)}
            loading={test.isPending && test.variables === hook.Id}
            aria-label={`Send a test to ${hook.Url}`}
          >
            Send test
          </Button>
          <Button size="small" onClick={() => onShowDeliveries(hook)} aria-label={`Deliveries to ${hook.Url}`}>
            Deliveries
          </Button>
          <Popconfirm
            title="Delete this webhook?"
            description="It receives nothing more, and its delivery log is deleted with it."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(hook)}
          >
            <Button danger size="small" aria-label={`Delete webhook to ${hook.Url}`}>
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  if (hooks.length === 0) {
    return (
      <Typography.Paragraph type="secondary">
        No webhooks yet. Add one to have Plansmith tell another tool when expenses, budget items or plans change.
      </Typography.Paragraph>
    );
  }
  return <ResponsiveTable<Webhook> rowKey="Id" columns={columns} dataSource={hooks} pagination={false} phoneTitle="Webhooks" />;
};
