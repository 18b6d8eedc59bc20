import { PlusOutlined } from '@ant-design/icons';
import type { ObjectiveDetail, ObjectiveResult } from '@plansmith/contract';
import { App, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatMetricValue } from '../../../shared/format/objective-values.ts';
import { EmptyState } from '../../../shared/ui/query-state.tsx';
import { EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useDeleteResult } from '../api/objective-mutations.ts';
import { ResultModal } from './result-modal.tsx';

/** The objective's dated results, newest first, with add, change and delete for those who may edit. */
export const ResultsTable = ({ objective, canEdit }: { objective: ObjectiveDetail; canEdit: boolean }) => {
  const [editing, setEditing] = useState<ObjectiveResult | null | undefined>(undefined);
  const remove = useDeleteResult();
  const { message } = App.useApp();
  const rows = [...objective.Results].reverse();

  const deleteResult = async (result: ObjectiveResult) => {
    try {
      await remove.mutateAsync(result.Id);
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
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
              <Button type="primary" onClick={() => setEditing(null)}>
                Record the first result
              </Button>
            ) : null
          }
        />
      ) : (
        <Table<ObjectiveResult>
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
                        onEdit={() => setEditing(row)}
                        onDelete={() => deleteResult(row)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <ResultModal open={editing !== undefined} objective={objective} result={editing ?? null} onClose={() => setEditing(undefined)} />
    </Card>
  );
};
