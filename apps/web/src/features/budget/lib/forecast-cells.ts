import type { Forecast, ForecastCell, ForecastItem, ForecastSaveCell, ForecastStaleCell } from '@plansmith/contract';
import { formatMonth } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { parseDollars } from './budget-rows.ts';

/** A month's name as the grid's header shows it, in the person's locale ("Mar 2026", "März 2026"). */
export const monthLabel = (month: string): string => formatMonth(month);

/** What a typed or pasted cell means: a forecast in dollars, or (empty) “clear the entered one”. */
const parseForecast = (text: string): { value: number | null } | { error: string } => {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const parsed = parseDollars(trimmed);
  if ('error' in parsed) return parsed;
  if (parsed.value < 0) return { error: 'A forecast cannot be negative.' };
  return parsed;
};

/** A cell to save, as read: the item, the month, the new forecast and the version it was read with. */
export const saveCellOf = (itemId: string, cell: ForecastCell, forecast: number | null): ForecastSaveCell => ({
  BudgetItemId: itemId,
  Month: cell.Month,
  Forecast: forecast,
  Version: cell.Version,
});

/** One typed cell: what to save, or why not (a closed month, an amount that is no amount). */
export const typedCell = (item: ForecastItem, cell: ForecastCell, text: string): { cell: ForecastSaveCell | null } | { error: string } => {
  if (cell.Closed) return { error: `${monthLabel(cell.Month)} is closed: its forecast is its Actual.` };
  const parsed = parseForecast(text);
  if ('error' in parsed) return { error: `“${text.trim()}” for ${item.Name}, ${monthLabel(cell.Month)}: ${parsed.error}` };
  // The same amount again (or clearing a cell that has nothing entered) is no change.
  if (parsed.value === cell.Entered || (parsed.value !== null && cell.Entered === null && parsed.value === cell.Forecast))
    return { cell: null };
  return { cell: saveCellOf(item.BudgetItemId, cell, parsed.value) };
};

/**
 * The cells a block pasted from a spreadsheet lands on, from the anchor down (the grid's item rows)
 * and to the right (the months), every cell checked first: nothing is saved unless the whole block
 * fits, parses and lands on open months. An empty pasted cell clears an entered forecast.
 */
export const pastedCells = (input: {
  block: string[][];
  items: readonly ForecastItem[];
  anchorItem: number;
  anchorMonth: number;
}): { cells: ForecastSaveCell[] } | { error: string } => {
  const { block, items, anchorItem, anchorMonth } = input;
  const width = Math.max(0, ...block.map((row) => row.length));
  if (block.length === 0 || width === 0) return { error: 'The clipboard holds no cells.' };
  if (anchorItem + block.length > items.length)
    return { error: `The block has ${block.length} rows, but only ${items.length - anchorItem} items are below the selected cell.` };
  const monthCount = items[anchorItem]?.Cells.length ?? 0;
  if (anchorMonth + width > monthCount)
    return { error: `The block has ${width} columns, but only ${monthCount - anchorMonth} months are right of the selected cell.` };
  const cells: ForecastSaveCell[] = [];
  for (const [rowIndex, row] of block.entries()) {
    const item = items[anchorItem + rowIndex] as ForecastItem;
    for (const [colIndex, text] of row.entries()) {
      const cell = item.Cells[anchorMonth + colIndex] as ForecastCell;
      if (cell.Closed) return { error: `The block reaches ${monthLabel(cell.Month)}, which is closed: paste into open months only.` };
      const parsed = parseForecast(text);
      if ('error' in parsed) return { error: `“${text}” for ${item.Name}, ${monthLabel(cell.Month)}: ${parsed.error}` };
      if (parsed.value === null && cell.Entered === null) continue;
      cells.push(saveCellOf(item.BudgetItemId, cell, parsed.value));
    }
  }
  return { cells };
};

/** The stale cells of a 409 (the body's Result), or none when it is another failure. */
export const staleForecastCells = (current: unknown): ForecastStaleCell[] =>
  Array.isArray(current)
    ? current.filter((cell): cell is ForecastStaleCell => typeof cell === 'object' && cell !== null && 'BudgetItemId' in cell)
    : [];

const showEntered = (forecast: number | null, cell: { Forecast: number }) =>
  forecast === null ? `${formatBase(cell.Forecast)} (from the budget)` : formatBase(forecast);

/** The merge dialog's fields: their forecast beside mine, per stale cell. */
export const forecastMergeFields = (stale: readonly ForecastStaleCell[], mine: readonly ForecastSaveCell[]) =>
  stale.flatMap((cell) => {
    const my = mine.find((entry) => entry.BudgetItemId === cell.BudgetItemId && entry.Month === cell.Month);
    if (!my) return [];
    return [
      {
        key: `${cell.BudgetItemId}|${cell.Month}`,
        label: `${cell.Name}, ${monthLabel(cell.Month)}`,
        theirs: showEntered(cell.Entered, cell),
        mine: my.Forecast === null ? 'Back to the budget' : formatBase(my.Forecast),
      },
    ];
  });

/** "Save mine over theirs": the same cells, the stale ones with the versions the 409 answered. */
export const withCurrentVersions = (mine: readonly ForecastSaveCell[], stale: readonly ForecastStaleCell[]): ForecastSaveCell[] =>
  mine.map((cell) => {
    const now = stale.find((entry) => entry.BudgetItemId === cell.BudgetItemId && entry.Month === cell.Month);
    return now ? { ...cell, Version: now.Version } : cell;
  });

/** The forecast items in the grid's row order (the budget rows shown, filters applied). */
export const itemsInRowOrder = (forecast: Forecast | undefined, itemIds: readonly string[]): ForecastItem[] => {
  const byId = new Map((forecast?.Items ?? []).map((item) => [item.BudgetItemId, item]));
  return itemIds.flatMap((id) => byId.get(id) ?? []);
};

const cellKey = (itemId: string, month: string) => `${itemId}|${month}`;

/** What each cell about to be saved holds as read: its entered forecast, or null when it follows the budget. */
export const enteredBefore = (forecast: Forecast | undefined, cells: readonly ForecastSaveCell[]): Map<string, number | null> => {
  const byItem = new Map((forecast?.Items ?? []).map((item) => [item.BudgetItemId, item]));
  return new Map(
    cells.map((cell) => [
      cellKey(cell.BudgetItemId, cell.Month),
      byItem.get(cell.BudgetItemId)?.Cells.find((read) => read.Month === cell.Month)?.Entered ?? null,
    ]),
  );
};

/**
 * The undo of a saved block (DESIGN.md §13): every cell back to what it held before, with the Version
 * the save's answer gave it, so one ForecastClient/Save puts the block back — or, when someone changed
 * a cell since, answers 409 and writes nothing.
 */
export const undoCellsOf = (
  cells: readonly ForecastSaveCell[],
  before: ReadonlyMap<string, number | null>,
  saved: Forecast,
): ForecastSaveCell[] => {
  const byItem = new Map(saved.Items.map((item) => [item.BudgetItemId, item]));
  return cells.map((cell) => ({
    BudgetItemId: cell.BudgetItemId,
    Month: cell.Month,
    Forecast: before.get(cellKey(cell.BudgetItemId, cell.Month)) ?? null,
    Version: byItem.get(cell.BudgetItemId)?.Cells.find((now) => now.Month === cell.Month)?.Version ?? null,
  }));
};

/** "Save mine over theirs": what the stale cells held before my save is theirs, not what I read. */
export const withStaleEntered = (
  before: ReadonlyMap<string, number | null>,
  stale: readonly ForecastStaleCell[],
): Map<string, number | null> => {
  const next = new Map(before);
  for (const cell of stale)
    if (next.has(cellKey(cell.BudgetItemId, cell.Month))) next.set(cellKey(cell.BudgetItemId, cell.Month), cell.Entered);
  return next;
};
