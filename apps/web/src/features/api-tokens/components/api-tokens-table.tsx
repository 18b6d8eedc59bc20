import type { ApiToken } from '@plansmith/contract';
import { App, Button, Popconfirm, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime, formatInstantDay } from '../../../shared/format/dates.ts';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRevokeApiToken } from '../api/api-token-mutations.ts';

const STATUS_TAGS: Record<ApiToken['Status'], { color: string; label: string }> = {
  active: { color: 'green', label: 'Active' },
  expired: { color: 'default', label: 'Expired' },
  revoked: { color: 'red', label: 'Revoked' },
};

/** The tokens with their prefix, scope, dates and status; an active one can be revoked after a confirm. */
export const ApiTokensTable = ({ tokens, showCreator }: { tokens: ApiToken[]; showCreator: boolean }) => {
  const revoke = useRevokeApiToken();
  const { message } = App.useApp();

  const onRevoke = async (token: ApiToken) => {
    try {
      await revoke.mutateAsync(token.Id);
      message.success(`“${token.Name}” revoked: it stops working at once.`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const columns: TableColumnType<ApiToken>[] = [
    {
      title: 'Name',
      dataIndex: 'Name',
      render: (name: string, token) => (
        <span>
          {name} <Typography.Text code>psk_{token.Prefix}…</Typography.Text>
        </span>
      ),
    },
    { title: 'Access', dataIndex: 'Scope', render: (scope: ApiToken['Scope']) => (scope === 'read' ? 'Read only' : 'Read and write') },
    ...(showCreator ? [{ title: 'Created by', dataIndex: 'UserName' } satisfies TableColumnType<ApiToken>] : []),
    // Instants, shown as the day they fall on in the browser's zone (formatDate would read the UTC day).
    { title: 'Created', dataIndex: 'CreatedAt', render: (value: string) => formatInstantDay(value) },
    { title: 'Expires', dataIndex: 'ExpiresAt', render: (value: string) => formatInstantDay(value) },
    { title: 'Last used', dataIndex: 'LastUsedAt', render: (value: string | null) => (value ? formatDateTime(value) : 'Never') },
    {
      title: 'Status',
      dataIndex: 'Status',
      render: (status: ApiToken['Status']) => <Tag color={STATUS_TAGS[status].color}>{STATUS_TAGS[status].label}</Tag>,
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      render: (_: unknown, token) =>
        token.Status === 'active' ? (
          <Popconfirm
            title={`Revoke “${token.Name}”?`}
            description="Scripts using it get 401 from their next call. This cannot be undone."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            onConfirm={() => onRevoke(token)}
          >
            <Button danger size="small" aria-label={`Revoke ${token.Name}`}>
              Revoke
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  // No tokens: a sentence, not an empty table whose seven headers are wider than a phone.
  if (tokens.length === 0) {
    return (
      <Typography.Paragraph type="secondary">
        No API tokens yet. Create one to call the API from a script or another tool.
      </Typography.Paragraph>
    );
  }
  return <ResponsiveTable<ApiToken> rowKey="Id" columns={columns} dataSource={tokens} pagination={false} phoneTitle="API tokens" />;
};
