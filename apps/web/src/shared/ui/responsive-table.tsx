import { Button, Table, type TableColumnType, type TableProps } from 'antd';
import { isValidElement, type Key, type ReactNode, useState } from 'react';
import { useMediaQuery } from './use-narrow-screen.ts';
import './responsive-table.css';

// antd's sm breakpoint: below it a table of five or more columns shows one, with no cue that more follow.
const PHONE = '(max-width: 575.98px)';

type Column<T> = TableColumnType<T> & { children?: Column<T>[] };

/** The columns that hold cells, a grouped column's children named after their group ("Budget · Actual"). */
const leafColumns = <T,>(columns: readonly Column<T>[], group = ''): { column: Column<T>; label: ReactNode }[] =>
  columns.flatMap((column) => {
    const title = typeof column.title === 'function' ? null : (column.title as ReactNode);
    const label = group && typeof title === 'string' ? `${group} · ${title}` : title;
    if (column.children?.length) return leafColumns(column.children, typeof title === 'string' ? title : group);
    return column.hidden ? [] : [{ column, label }];
  });

const valueAt = (record: object, dataIndex: TableColumnType<object>['dataIndex']): unknown => {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>(
    (value, key) => (value === null || value === undefined ? value : (value as Record<string, unknown>)[key as string]),
    record,
  );
};

/** A cell as the table would draw it: its render's output (or the node inside antd's { children } form), else the value. */
const cellOf = <T extends object>(column: Column<T>, record: T, index: number): ReactNode => {
  const value = valueAt(record, column.dataIndex as TableColumnType<object>['dataIndex']);
  if (!column.render) return value === null || value === undefined ? '' : String(value);
  const drawn = column.render(value, record, index) as unknown;
  if (drawn && typeof drawn === 'object' && !isValidElement(drawn) && 'children' in drawn)
    return (drawn as { children: ReactNode }).children;
  return drawn as ReactNode;
};

const keyOf = <T extends object>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key => {
  if (typeof rowKey === 'function') return rowKey(record, index);
  if (typeof rowKey === 'string') return String((record as Record<string, unknown>)[rowKey]);
  return index;
};

/**
 * An antd table on wider screens, its rows as cards on a phone: the first column titles each card and
 * every other column is a labelled line, so nothing hides past the screen's edge. Takes the Table's
 * own props (columns, rowKey, rowClassName, onRow, pagination's page size); `phoneTitle` names the list.
 */
export const ResponsiveTable = <T extends object>(props: TableProps<T> & { phoneTitle?: string }) => {
  const phone = useMediaQuery(PHONE);
  const { phoneTitle, ...tableProps } = props;
  const pageSize =
    typeof props.pagination === 'object' && props.pagination?.pageSize ? props.pagination.pageSize : Number.POSITIVE_INFINITY;
  const [shown, setShown] = useState(pageSize);
  if (!phone) return <Table<T> {...tableProps} />;

  const rows = [...(props.dataSource ?? [])];
  const [first, ...rest] = leafColumns((props.columns ?? []) as Column<T>[]);
  if (rows.length === 0) return <Table<T> {...tableProps} />;
  return (
    <div className={props.className}>
      <ul className="responsive-list" aria-label={phoneTitle}>
        {rows.slice(0, shown).map((record, index) => {
          const rowProps = props.onRow?.(record, index) ?? {};
          const rowClass = typeof props.rowClassName === 'function' ? props.rowClassName(record, index, 0) : (props.rowClassName ?? '');
          return (
            <li
              key={keyOf(props.rowKey, record, index)}
              className={`responsive-card ${rowClass}`}
              style={rowProps.style}
              data-row-key={keyOf(props.rowKey, record, index)}
            >
              {first ? <div className="responsive-card-title">{cellOf(first.column, record, index)}</div> : null}
              {rest.map(({ column, label }, columnIndex) => (
                <div className="responsive-field" key={String(column.key ?? column.dataIndex ?? columnIndex)}>
                  {label ? <span className="responsive-field-label">{label}</span> : null}
                  <span className="responsive-field-value">{cellOf(column, record, index)}</span>
                </div>
              ))}
            </li>
          );
        })}
      </ul>
      {rows.length > shown ? (
        <Button className="responsive-more" block onClick={() => setShown((count) => count + pageSize)}>
          Show {Math.min(pageSize, rows.length - shown)} more of {rows.length - shown}
        </Button>
      ) : null}
    </div>
  );
};
