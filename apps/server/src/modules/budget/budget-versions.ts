import type { BudgetItem } from '@plansmith/contract';
import type { CellVersion } from '@plansmith/contract/budget-months';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { staleRowError } from '../activities/index.ts';
import type { ItemTableRow, MonthRow } from './budget.repository.ts';
import { monthLabel } from './month-edit.ts';

/**
 * What a grid write of an item's months found stale (DESIGN.md §13): a month cell whose version is
 * not the one read, a cell that appeared or went away since, or, for an item that had no cells, the
 * item itself (its cells were its Amount spread, so the Amount is what the person read).
 */
export type StaleCell = { itemId: string; month: string | null; version: number };

const monthKey = (month: string) => month.slice(0, 7);

/**
 * The first cell of `item` that is not as read: `read` are the cells the person had (month →
 * version), `stored` the cells the item has now. An item that had no cells as read and has none now
 * is checked by its own version (`itemVersion`).
 */
export const staleCellOf = (
  item: Pick<ItemTableRow, 'id' | 'version'>,
  stored: readonly Pick<MonthRow, 'month' | 'version'>[],
  read: readonly CellVersion[],
  itemVersion: number,
): StaleCell | null => {
  const now = new Map(stored.map((cell) => [monthKey(cell.month), cell.version]));
  if (read.length === 0 && now.size === 0) {
    return itemVersion === item.version ? null : { itemId: item.id, month: null, version: item.version };
  }
  const had = new Map(read.map((cell) => [cell.Month, cell.Version]));
  for (const [month, version] of now) {
    if (had.get(month) !== version) return { itemId: item.id, month, version };
  }
  // A cell read that is gone now (the phasing was cleared or cut): the row is not as read.
  for (const month of had.keys()) if (!now.has(month)) return { itemId: item.id, month: null, version: item.version };
  return null;
};

/**
 * The 409 for stale cells of one or more items (all or nothing: nothing was written): names the
 * first, says how many items are affected, and answers `current` (the items as they are now, with
 * their months and versions) as the body's Result, for the merge dialog.
 */
export const staleCellsError = async (
  db: Db,
  auth: AuthContext,
  stale: readonly StaleCell[],
  names: ReadonlyMap<string, string>,
  current: () => Promise<unknown>,
) => {
  const [first] = stale as [StaleCell, ...StaleCell[]];
  const name = names.get(first.itemId) ?? 'a budget item';
  const others = new Set(stale.map((cell) => cell.itemId)).size - 1;
  const what = `${first.month ? `${name}, ${monthLabel(first.month)}` : `“${name}”`}${others > 0 ? ` and ${others} other ${others === 1 ? 'item' : 'items'} of the block` : ''}`;
  return staleRowError(db, auth, {
    entity: first.month ? 'BudgetItemMonth' : 'BudgetItem',
    id: first.month ? `${first.itemId}/${first.month}` : first.itemId,
    what,
    read: -1,
    current: first.version,
    row: current,
    // The cells' changes are recorded on their item's trail.
    changedThrough: [...new Set(stale.map((cell) => cell.itemId))].map((entityId) => ({ entityType: 'BudgetItem', entityId })),
  });
};

/** The 409 for a stale item Version on Save or Delete, with the item as it is now. */
export const staleItemError = (db: Db, auth: AuthContext, item: ItemTableRow, current: () => Promise<BudgetItem>) =>
  staleRowError(db, auth, {
    entity: 'BudgetItem',
    id: item.id,
    what: `the budget item “${item.name}”`,
    read: -1,
    current: item.version,
    row: current,
  });
