import type { CSSProperties } from 'react';

/**
 * A table column's `onCell` that keeps its figures on one line: money wraps mid-number otherwise
 * ("$943,800.0" over "0" at 1366 px). Give the table a sideways scroll for narrow screens. A module
 * of its own, so that a table in a route's first load does not bring the row actions' Popconfirm.
 */
export const oneLineCell = (): { style: CSSProperties } => ({ style: { whiteSpace: 'nowrap' } });
