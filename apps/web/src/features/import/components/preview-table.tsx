import type { ImportCreate, ImportEdit, ImportPreview, ImportReplacement, ImportRow } from '@plansmith/contract/imports';
import { Segmented, Tag, Tooltip } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { formatCount } from '../lib/counts.ts';
import { FixCell, NAMED_FIELDS, type NamedField } from './fix-cell.tsx';

type Filter = 'All' | 'Problems' | 'Duplicates';

export const rowStatus = (row: ImportRow): { label: string; color: string } => {
  // Preset colours (red, gold, green): their text passes AA contrast, the status colours' does not.
  if (row.Ignored) return { label: 'Total row', color: 'default' };
  if (row.Errors.length > 0) return { label: 'Error', color: 'red' };
  if (row.Duplicate) return { label: 'Duplicate', color: 'gold' };
  return { label: 'Ready', color: 'green' };
};

/**
 * Every row of the file as it will be read: errors in red on their cells (a click fixes one),
 * duplicates in amber, totals greyed.
 */
export const PreviewTable = ({
  preview,
  disabled = false,
  onEdit,
  onReplace,
  onCreate,
}: {
  preview: ImportPreview;
  disabled?: boolean;
  onEdit?: (edit: ImportEdit) => void;
  onReplace?: (replacement: ImportReplacement) => void;
  onCreate?: (create: ImportCreate) => void;
}) => {
  const [filter, setFilter] = useState<Filter>('All');
  const rows = useMemo(
    () =>
      preview.Rows.filter((row) =>
        filter === 'Problems' ? row.Errors.length > 0 : filter === 'Duplicates' ? row.Duplicate && row.Errors.length === 0 : true,
      ),
    [preview.Rows, filter],
  );
  const mapped = preview.Fields.filter((field) => preview.Mapping[field.Field]);
  const columns: ColumnsType<ImportRow> = [
    { title: 'Row', dataIndex: 'Row', width: 64, fixed: 'left' },
    {
      title: 'Status',
      width: 110,
      render: (_, row) => {
        const status = rowStatus(row);
        return row.Note ? (
          <Tooltip title={row.Note}>
            <Tag color={status.color}>{status.label}</Tag>
          </Tooltip>
        ) : (
          <Tag color={status.color}>{status.label}</Tag>
        );
      },
    },
    ...mapped.map((field) => ({
      title: field.Label,
      key: field.Field,
      ellipsis: true,
      render: (_: unknown, row: ImportRow) => {
        const error = row.Errors.find((candidate) => candidate.Field === field.Field);
        const value = row.Values[field.Field] ?? '';
        if (error && onEdit && onReplace)
          return (
            <FixCell
              row={row.Row}
              field={field.Field}
              label={field.Label}
              value={value}
              message={error.Message}
              names={NAMED_FIELDS.has(field.Field) ? preview.Names[field.Field as NamedField] : []}
              disabled={disabled}
              onEdit={onEdit}
              onReplace={onReplace}
              onCreate={onCreate}
              categoryNames={preview.Names.Category}
            />
          );
        return error ? (
          <Tooltip title={error.Message}>
            <span className="import-cell-error">{value || '(empty)'}</span>
          </Tooltip>
        ) : (
          value
        );
      },
    })),
    {
      title: 'Problems',
      key: 'problems',
      width: 320,
      render: (_, row) =>
        row.Errors.length > 0 ? (
          <ul className="import-problems">
            {row.Errors.map((error) => (
              <li key={`${error.Field}-${error.Message}`}>{error.Message}</li>
            ))}
          </ul>
        ) : (
          (row.Note ?? '')
        ),
    },
  ];
  return (
    <div className="import-preview">
      <Segmented<Filter>
        options={[
          { value: 'All', label: `All rows (${formatCount(preview.Rows.length)})` },
          { value: 'Problems', label: `Errors (${formatCount(preview.Counts.Invalid)})` },
          { value: 'Duplicates', label: `Duplicates (${formatCount(preview.Counts.Duplicates)})` },
        ]}
        value={filter}
        onChange={setFilter}
        style={{ marginBottom: 12 }}
      />
      <ResponsiveTable<ImportRow>
        size="small"
        rowKey="Row"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        rowClassName={(row) =>
          row.Errors.length > 0 ? 'import-row-error' : row.Duplicate ? 'import-row-duplicate' : row.Ignored ? 'import-row-ignored' : ''
        }
      />
    </div>
  );
};
