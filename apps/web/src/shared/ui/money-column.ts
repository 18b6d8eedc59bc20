import type { TableColumnType } from 'antd';

/**
 * What every antd table column of money figures shares, spread into the column: right-aligned, and
 * on one line, since money wraps mid-number otherwise ("$943,800.0" over "0" at 1366 px). Give the
 * table a sideways scroll for narrow screens. A module of its own, so that a table in a route's first
 * load does not bring the row actions' Popconfirm (table-cells.tsx).
 */
export const MONEY_COLUMN = {
  align: 'right',
  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
} as const satisfies Pick<TableColumnType<unknown>, 'align' | 'onCell'>;
