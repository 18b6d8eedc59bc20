import type { ImportRecord } from '@plansmith/contract/imports';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { ErrorState } from '../../../shared/ui/query-state.tsx';
import { useUndoImport } from '../api/import-mutations.ts';
import { useImportHistory } from '../api/import-queries.ts';
import { countOf } from '../lib/counts.ts';

const KIND_LABEL = { Expenses: 'Expenses', BudgetItems: 'Budget items' } as const;

/** The plan's imports, newest first, each with Undo until it is undone. */
export const ImportHistory = ({ planId, canEdit }: { planId: string; canEdit: boolean }) => {
  const history = useImportHistory(planId);
  const undo = useUndoImport();
  const { message } = App.useApp();
  if (history.isError)
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} title="The import history could not be loaded." />;
  const runUndo = async (record: ImportRecord) => {
    try {
      const result = await undo.mutateAsync(record.ImportId);
      message.success(`Undone: removed ${countOf(result.Removed, 'row')} that ${record.FileName} created.`);
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };
  return (
    <Table<ImportRecord>
      size="small"
      rowKey="ImportId"
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      // antd's empty text is too faint for AA contrast.
      locale={{ emptyText: <span className="import-empty">No imports into this plan yet.</span> }}
      columns={[
        { title: 'When', dataIndex: 'CreatedAt', render: (value: string) => formatDateTime(value) },
        { title: 'File', dataIndex: 'FileName' },
        { title: 'What', dataIndex: 'Kind', render: (kind: ImportRecord['Kind']) => KIND_LABEL[kind] },
        { title: 'By', dataIndex: 'CreatedByName' },
        { title: 'Created', dataIndex: 'Created', align: 'right' },
        { title: 'Skipped', dataIndex: 'Skipped', align: 'right' },
        {
          title: 'Undo',
          key: 'undo',
          render: (_, record) =>
            record.UndoneAt ? (
              <Tag>
                Undone {formatDateTime(record.UndoneAt)} by {record.UndoneByName}
              </Tag>
            ) : canEdit ? (
              <Popconfirm
                title={`Undo the import of ${record.FileName}?`}
                description={`This removes the ${countOf(record.Created, 'row')} it created.`}
                okText="Undo import"
                onConfirm={() => runUndo(record)}
              >
                <Button size="small" loading={undo.isPending && undo.variables === record.ImportId}>
                  Undo
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
};
