import { type MonthKey, toDollars } from '@plansmith/contract';
import type { SaveMonthsItem } from '@plansmith/contract/budget-months';
import { parseDollars } from './budget-rows.ts';
import type { ItemMonthCents } from './periods.ts';

/**
 * A block copied from a spreadsheet: rows on lines, cells on tabs (what Excel, Google Sheets and
 * Numbers put on the clipboard). The last line break is not an empty row.
 */
export const parseClipboardBlock = (text: string): string[][] => {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((line) => line.split('\t').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
};

export type GridItem = { id: string; name: string; months: ItemMonthCents };
/** An item's new amount and months, before the versions they were read with are added (month-versions.ts). */
export type PasteItem = Omit<SaveMonthsItem, 'Version' | 'Cells'>;
export type MonthChange = { itemId: string; cents: Map<MonthKey, number>; listed: Set<MonthKey> };

/**
 * The items and months a block lands on, from the anchor cell down and to the right (the grid's
 * item rows; category rows are skipped), with every cell checked. Nothing is returned to save
 * unless the whole block is valid and fits.
 */
export const applyBlock = (input: {
  block: string[][];
  items: readonly GridItem[];
  anchorItem: number;
  anchorMonth: number;
  planMonths: readonly MonthKey[];
}): { changes: MonthChange[] } | { error: string } => {
  const { block, items, anchorItem, anchorMonth, planMonths } = input;
  const width = Math.max(...block.map((row) => row.length));
  if (anchorItem + block.length > items.length) {
    return { error: `The block has ${block.length} rows, but only ${items.length - anchorItem} items are below the selected cell.` };
  }
  if (anchorMonth + width > planMonths.length) {
    return { error: `The block has ${width} columns, but only ${planMonths.length - anchorMonth} months are right of the selected cell.` };
  }
  const changes: MonthChange[] = [];
  for (const [rowIndex, row] of block.entries()) {
    const item = items[anchorItem + rowIndex] as GridItem;
    const cents = new Map(item.months.cents);
    const listed = new Set(item.months.listed);
    for (const [columnIndex, text] of row.entries()) {
      const month = planMonths[anchorMonth + columnIndex] as MonthKey;
      const parsed = parseDollars(text === '' ? '0' : text);
      if ('error' in parsed) return { error: `“${text}” for ${item.name}, ${month}: ${parsed.error}` };
      cents.set(month, Math.round(parsed.value * 100));
      listed.add(month);
    }
    changes.push({ itemId: item.id, cents, listed });
  }
  return { changes };
};

/** A change as SaveMonths takes it: the listed months, the amount their sum (the phasing-sum rule). */
export const toSaveItem = ({ itemId, cents, listed }: MonthChange): PasteItem => {
  const months = [...cents.entries()].filter(([month]) => listed.has(month)).sort(([a], [b]) => a.localeCompare(b));
  const total = months.reduce((sum, [, value]) => sum + value, 0);
  return {
    BudgetItemId: itemId,
    Amount: toDollars(total),
    Months: months.map(([month, value]) => ({ Month: month, Amount: toDollars(value) })),
  };
};

/**
 * A column of amounts pasted on the Budget column (rows × amounts): each item's amount, from the
 * anchor item down. A phased item's amount is the sum of its months, so it is refused, named.
 */
export const applyAmounts = (input: {
  block: string[][];
  items: readonly GridItem[];
  anchorItem: number;
}): { items: PasteItem[] } | { error: string } => {
  const { block, items, anchorItem } = input;
  if (block.some((row) => row.length > 1))
    return { error: 'On the Budget column, paste one column of amounts; paste months on the month columns.' };
  if (anchorItem + block.length > items.length) {
    return { error: `The block has ${block.length} rows, but only ${items.length - anchorItem} items are below the selected cell.` };
  }
  const saved: PasteItem[] = [];
  for (const [rowIndex, [text = ''] = []] of block.entries()) {
    const item = items[anchorItem + rowIndex] as GridItem;
    if (item.months.phased)
      return { error: `${item.name} is phased by month: its amount is the sum of its months. Paste the months instead.` };
    const parsed = parseDollars(text === '' ? '0' : text);
    if ('error' in parsed) return { error: `“${text}” for ${item.name}: ${parsed.error}` };
    saved.push({ BudgetItemId: item.id, Amount: parsed.value, Months: null });
  }
  return { items: saved };
};
