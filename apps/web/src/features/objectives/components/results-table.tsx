import { PlusOutlined } from '@ant-design/icons';
import type { ObjectiveDetail, ObjectiveResult } from '@plansmith/contract';
import { App, Button, Card, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatMetricValue } from '../../../shared/format/objective-values.ts';
import { EmptyState } from '../../../shared/ui/query-state.tsx';
import { EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useDeleteResult } from '../api/objective-mutations.ts';

// The result form (date picker) loads on first open, not with the page.
const ResultModal = lazy(async () => ({ default: (await import('./result-modal.tsx')).ResultModal }));

/** The objective's dated results, newest first, with add, change and delete for those who may edit. */
export const ResultsTable = ({ objective, canEdit }: { objective: ObjectiveDetail; canEdit: boolean }) => {
  const [editing, setEditing] = useState<ObjectiveResult | null | undefined>(undefined);
  const [modalOpened, setModalOpened] = useState(false);
  const edit = (result: ObjectiveResult | null) => {
    setModalOpened(true);
    setEditing(result);
  };
  const remove = useDeleteResult();
  const { message } = App.useApp();
  const rows = [...objective.Results].reverse();

  const deleteResult = async (result: ObjectiveResult) => {
    try {
      await remove.mutateAsync({ id: result.Id, version: result.Version });
      message.success('Result deleted.');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Card
      title="Results"
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
            Record result
          </Button>
        ) : null
      }
    >
      {rows.length === 0 ? (
        <EmptyState
          description={canEdit ? 'No results yet. Record the first one: what happened, and when?' : 'No results recorded yet.'}
          action={
            canEdit ? (
              <Button type="primary" onClick={() => edit(null)}>
                Record the first result
              </Button>
            ) : null
          }
        />
      ) : (
        <Table<ObjectiveResult>
          // On a phone the table scrolls sideways inside itself, never the page (DESIGN.md §12).
          scroll={{ x: 'max-content' }}
          rowKey="Id"
          dataSource={rows}
          size="small"
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          columns={[
            { title: 'Date', dataIndex: 'Date', width: 140, render: (date: string) => formatDate(date) },
            {
              title: 'Value',
              dataIndex: 'Value',
              align: 'right',
              width: 160,
              render: (value: number) => formatMetricValue(value, objective.MetricType),
            },
            { title: 'Note', dataIndex: 'Note', render: (note: string | null) => note ?? '' },
            ...(canEdit
              ? [
                  {
                    title: <VisuallyHidden>Actions</VisuallyHidden>,
                    key: 'actions',
                    width: 160,
                    render: (_: unknown, row: ObjectiveResult) => (
                      <EditDeleteActions
                        name={`the result of ${formatDate(row.Date)}`}
                        onEdit={() => edit(row)}
                        onDelete={() => deleteResult(row)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {modalOpened ? (
        <Suspense fallback={null}>
          <ResultModal open={editing !== undefined} objective={objective} result={editing ?? null} onClose={() => setEditing(undefined)} />
        </Suspense>
      ) : null}
    </Card>
  );
};
