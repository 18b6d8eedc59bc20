import { toDollars } from '@plansmith/contract';
import type { CSSProperties } from 'react';
import { formatBase } from '../../../shared/format/money.ts';
import type { BudgetRow } from '../lib/budget-rows.ts';
import { type ModelItem, sumBaseCentsOf } from '../lib/month-grid-model.ts';
import type { ItemMonthCents, Period } from '../lib/periods.ts';

/** A category's row: its budget and each period's sum over its items. */
export const CategoryRow = ({
  row,
  rowIndex,
  entries,
  periods,
  style,
}: {
  row: Extract<BudgetRow, { kind: 'category' }>;
  rowIndex: number;
  entries: readonly ItemMonthCents[];
  periods: readonly Period[];
  style: CSSProperties;
}) => (
  <tr aria-rowindex={rowIndex + 2} className="month-grid-row month-grid-category" style={style} data-testid={`month-category-${row.name}`}>
    <th scope="row" className="month-grid-first">
      {row.name}
    </th>
    <td className="num">{formatBase(row.sums.budget)}</td>
    {periods.map((period) => (
      <td key={period.key} className="num">
        {formatBase(toDollars(sumBaseCentsOf(entries, period.months)))}
      </td>
    ))}
  </tr>
);

/** The plan's totals under the grid (sticky): budget and each period over every item shown. */
export const TotalRow = ({
  rowIndex,
  items,
  entries,
  periods,
  columns,
}: {
  rowIndex: number;
  items: readonly ModelItem[];
  entries: readonly ItemMonthCents[];
  periods: readonly Period[];
  columns: string;
}) => (
  <tfoot>
    <tr
      aria-rowindex={rowIndex}
      className="month-grid-row month-grid-foot"
      style={{ gridTemplateColumns: columns }}
      data-testid="month-total"
    >
      <th scope="row" className="month-grid-first">
        Total
      </th>
      <td className="num">{formatBase(toDollars(items.reduce((sum, entry) => sum + Math.round(entry.item.BaseAmount * 100), 0)))}</td>
      {periods.map((period) => (
        <td key={period.key} className="num">
          {formatBase(toDollars(sumBaseCentsOf(entries, period.months)))}
        </td>
      ))}
    </tr>
  </tfoot>
);
