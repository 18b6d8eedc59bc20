import { type ConflictRow, getHref } from '@plansmith/contract';
import type { ImportRecord } from '@plansmith/contract/imports';
import { Alert, App, Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { ErrorState } from '../../../shared/ui/query-state.tsx';
import { useUndoImport } from '../api/import-mutations.ts';
import { useImportHistory } from '../api/import-queries.ts';
import { countOf } from '../lib/counts.ts';

const KIND_LABEL = { Expenses: 'Expenses', BudgetItems: 'Budget items' } as const;

/** Where the row a refused Undo names can be opened. */
const rowLink = (row: ConflictRow) =>
  row.Entity === 'Expense'
    ? { href: getHref('expense', { id: row.Id }), label: 'Open the changed expense' }
    : { href: getHref('budgetItem', { id: row.Id }), label: 'Open the budget item' };

/** An Undo the server refused (409): its message, and a link to the row it names. */
type Refusal = { importId: string; message: string; row?: ConflictRow };

/** The plan's imports, newest first, each with Undo until it is undone. */
export const ImportHistory = ({ planId, canEdit }: { planId: string; canEdit: boolean }) => {
  const history = useImportHistory(planId);
  const undo = useUndoImport();
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (history.isError)
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} title="The import history could not be loaded." />;
  const runUndo = async (record: ImportRecord) => {
    setRefusal(null);
    try {
      const result = await undo.mutateAsync(record.ImportId);
      message.success(`Undone: removed ${countOf(result.Removed, 'row')} that ${record.FileName} created.`);
    } catch (error) {
      // A refusal that names a row stays on screen with a link to it; anything else is a toast.
      if (error instanceof ApiError && error.status === 409) {
        setRefusal({ importId: record.ImportId, message: error.message, row: error.conflictRow });
      } else {
        message.error(errorMessage(error), 8);
      }
    }
  };
  const link = refusal?.row ? rowLink(refusal.row) : null;
  return (
    <>
      {refusal ? (
        <Alert
          className="import-undo-refusal"
          type="warning"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          title="Nothing was undone"
          description={
            <>
              {refusal.message}
              {link ? (
                <>
                  {' '}
                  <Link to={link.href}>{link.label}</Link>
                </>
              ) : null}
            </>
          }
        />
      ) : null}
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
    </>
  );
};
