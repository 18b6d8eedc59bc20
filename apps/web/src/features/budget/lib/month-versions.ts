import { type BudgetItem, type BudgetMonthRead, type MonthKey, spreadOverMonths, toCents } from '@plansmith/contract';
import type { CellVersion, SaveMonthsItem, SetMonthRequest } from '@plansmith/contract/budget-months';
import { formatBase } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';
import type { MergeField } from '../../../shared/ui/merge-dialog.tsx';
import type { PasteItem } from './month-paste.ts';

/**
 * An item as the grid read it (DESIGN.md §13): its version and its month cells with theirs (none
 * for an unphased item, whose months are its Amount spread evenly).
 */
export type ReadItem = { Version: number; Months: readonly BudgetMonthRead[] };

/** The item's cells as read, for SaveMonths and a kept year total (SetMonth's Cells). */
export const cellsOf = (read: ReadItem): CellVersion[] => read.Months.map(({ Month, Version }) => ({ Month, Version }));

/**
 * The version of one month cell as read: the cell's own; an unphased item's (its Amount) the item's;
 * null for a month a phased item has no cell for.
 */
export const cellVersionOf = (read: ReadItem, month: string): number | null =>
  read.Months.length === 0 ? read.Version : (read.Months.find((cell) => cell.Month === month)?.Version ?? null);

/** A pasted item with the versions it was read with: the whole row is written, so every cell is checked. */
export const withRowVersions = (item: PasteItem, read: ReadItem): SaveMonthsItem => ({
  ...item,
  Version: read.Version,
  Cells: cellsOf(read),
});

/** One typed month with the version of its cell (and, keeping the year total, of every cell of the item). */
export const withCellVersion = (request: Omit<SetMonthRequest, 'Version' | 'Cells'>, read: ReadItem): SetMonthRequest => ({
  ...request,
  Version: cellVersionOf(read, request.Month),
  ...(request.YearTotal === null ? {} : { Cells: cellsOf(read) }),
});

/** A 409's Result as the items it names (SetMonth answers one item, SaveMonths a list). */
export const staleItemsOf = (current: unknown): Array<BudgetItem & ReadItem> => {
  const list = Array.isArray(current) ? current : current ? [current] : [];
  return list.filter(
    (item): item is BudgetItem & ReadItem => typeof item === 'object' && item !== null && typeof item.Version === 'number',
  );
};

/** An item's amount in one month as it shows in the grid: its cell, or its share of the spread. */
const monthCents = (
  read: { Amount: number; Months?: readonly { Month: string; Amount: number }[] | null },
  month: string,
  planMonths: readonly MonthKey[],
) =>
  read.Months && read.Months.length > 0
    ? toCents(read.Months.find((cell) => cell.Month === month)?.Amount ?? 0)
    : (new Map(spreadOverMonths(toCents(read.Amount), planMonths)).get(month) ?? 0);

/**
 * The merge dialog's rows for a stale block: each month of a stale item whose amount theirs and
 * mine differ in, then the year total.
 */
export const cellMergeFields = (
  theirs: ReadonlyArray<BudgetItem & ReadItem>,
  mine: ReadonlyArray<PasteItem>,
  planMonths: readonly MonthKey[],
): MergeField[] =>
  theirs.flatMap((current) => {
    const wanted = mine.find((item) => item.BudgetItemId === current.Id);
    if (!wanted) return [];
    const rows: MergeField[] = planMonths.flatMap((month) => {
      const theirCents = monthCents(current, month, planMonths);
      const myCents = monthCents(wanted, month, planMonths);
      return theirCents === myCents
        ? []
        : [
            {
              key: `${current.Id}/${month}`,
              label: `${current.Name}, ${formatMonthLabel(month)}`,
              theirs: formatBase(theirCents / 100),
              mine: formatBase(myCents / 100),
            },
          ];
    });
    if (toCents(current.Amount) !== toCents(wanted.Amount))
      rows.push({
        key: `${current.Id}/total`,
        label: `${current.Name}, budget`,
        theirs: formatBase(current.Amount),
        mine: formatBase(wanted.Amount),
      });
    return rows;
  });
