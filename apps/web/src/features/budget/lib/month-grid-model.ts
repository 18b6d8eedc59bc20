import type { BudgetItem, MonthKey } from '@plansmith/contract';
import type { ItemMonths } from '@plansmith/contract/budget-months';
import type { BudgetRow } from './budget-rows.ts';
import type { GridItem } from './month-paste.ts';
import { type ItemMonthCents, itemMonthCents } from './periods.ts';

export type ModelItem = GridItem & { item: BudgetItem };

export type MonthModel = {
  /** Each phased item's phasing as the server has it (what an undo puts back). */
  months: Map<string, ItemMonths['Months']>;
  cents: Map<string, ItemMonthCents>;
  /** The item rows in grid order: where a pasted block lands. */
  items: ModelItem[];
  /** Grid row index → index in `items` (category rows have none). */
  itemIndexOfRow: Map<number, number>;
  byCategory: Map<string, ItemMonthCents[]>;
};

/** The month grid's cells from the budget rows and the plan's phasing, in one pass over the rows. */
export const buildMonthModel = (
  rows: readonly BudgetRow[],
  phasing: readonly ItemMonths[],
  planMonths: readonly MonthKey[],
): MonthModel => {
  const months = new Map(phasing.map((entry) => [entry.BudgetItemId, entry.Months]));
  const cents = new Map<string, ItemMonthCents>();
  const items: ModelItem[] = [];
  const itemIndexOfRow = new Map<number, number>();
  const byCategory = new Map<string, ItemMonthCents[]>();
  rows.forEach((row, index) => {
    if (row.kind !== 'item') return;
    const entry = itemMonthCents(row.item, months.get(row.item.Id), planMonths);
    cents.set(row.item.Id, entry);
    itemIndexOfRow.set(index, items.length);
    items.push({ id: row.item.Id, name: row.item.Name, months: entry, item: row.item });
    const group = byCategory.get(row.item.BudgetCategoryId);
    if (group) group.push(entry);
    else byCategory.set(row.item.BudgetCategoryId, [entry]);
  });
  return { months, cents, items, itemIndexOfRow, byCategory };
};

/** The cents of items over some months, in each item's own currency (one item's period, a paste check). */
export const sumCentsOf = (entries: readonly ItemMonthCents[], months: readonly string[]): number =>
  entries.reduce((sum, entry) => sum + months.reduce((inner, month) => inner + (entry.cents.get(month) ?? 0), 0), 0);

/**
 * The base-currency cents of several items over some months (a category's or the plan's period total):
 * items in different currencies add up only in the base (DESIGN.md §17).
 */
export const sumBaseCentsOf = (entries: readonly ItemMonthCents[], months: readonly string[]): number =>
  entries.reduce((sum, entry) => sum + months.reduce((inner, month) => inner + (entry.baseCents.get(month) ?? 0), 0), 0);
