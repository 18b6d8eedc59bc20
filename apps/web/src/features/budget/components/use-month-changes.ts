import { type BudgetItem, type MonthKey, spreadOverMonths, toCents, toDollars } from '@plansmith/contract';
import type { SaveMonthsItem, SetMonthRequest } from '@plansmith/contract/budget-months';
import { App } from 'antd';
import { createElement } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { type MergeField, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { useKeepTheirMonths, useSaveMonths, useSetMonth } from '../api/budget-months.ts';
import type { MonthModel } from '../lib/month-grid-model.ts';
import type { PasteItem } from '../lib/month-paste.ts';
import { cellMergeFields, type ReadItem, staleItemsOf, withCellVersion, withRowVersions } from '../lib/month-versions.ts';
import { MonthEditMessage } from './month-edit-message.tsx';
import { lowerFirst, useUndoLast } from './use-undo-last.tsx';
import { showBlockWaiting, showWaitingForApproval } from './waiting-for-approval.tsx';

export { lowerFirst } from './use-undo-last.tsx';

type MonthEditRequest = Omit<SetMonthRequest, 'Version' | 'Cells'>;

/** How an item was read, from the answer of a save: its version and its cells' (DESIGN.md §13). */
const readOfSaved = (item: BudgetItem): ReadItem => ({ Version: item.Version, Months: item.Months ?? [] });

/**
 * Saves a change of the month grid (a paste or one cell) as one request and remembers how to put
 * the items back, so Ctrl+Z can undo it once. Every write carries the versions its cells were read
 * with; when someone changed them meanwhile (409), the merge dialog shows their amounts beside
 * these and the person keeps theirs or saves these over them — never an automatic retry.
 */
export const useMonthChanges = (planId: string, model: MonthModel, planMonths: readonly MonthKey[]) => {
  const { message } = App.useApp();
  const save = useSaveMonths();
  const setMonth = useSetMonth(planId);
  const keepTheirs = useKeepTheirMonths(planId);
  const merge = useMergeDialog();
  const { lastChange, remember, undoLast } = useUndoLast<SaveMonthsItem[], BudgetItem[]>({
    send: (undo) => save.mutateAsync({ MarketingPlanId: planId, Items: undo }),
    busy: save.isPending || setMonth.isPending,
    onStale: (current) => keepTheirs(staleItemsOf(current)),
    // An undo is a budget change too: after the lock, items at or above the threshold wait (DESIGN.md §15).
    onUndone: (saved, label) => {
      if (!saved.some((item) => item.WaitingForApproval)) return false;
      showBlockWaiting(message, `Undo of ${lowerFirst(label)}`, saved);
      return true;
    },
  });
  const amountOf = (itemId: string) => model.items.find((entry) => entry.id === itemId)?.item.Amount ?? 0;
  /** The item as the grid shows it: the version of its row and of each of its cells. */
  const readOf = (itemId: string): ReadItem => ({
    Version: model.items.find((entry) => entry.id === itemId)?.item.Version ?? 1,
    Months: model.months.get(itemId) ?? [],
  });
  // What the items were before: their amount and phasing (none for an unphased item).
  const undoOf = (itemIds: readonly string[]): PasteItem[] =>
    itemIds.map((BudgetItemId) => ({
      BudgetItemId,
      Amount: amountOf(BudgetItemId),
      Months: model.months.get(BudgetItemId)?.map(({ Month, Amount }) => ({ Month, Amount })) ?? null,
    }));
  /** The undo, to be sent with the versions the change's answer gave its items. */
  const undoAfter = (undo: readonly PasteItem[], saved: readonly BudgetItem[]): SaveMonthsItem[] =>
    undo.map((item) => {
      const after = saved.find((entry) => entry.Id === item.BudgetItemId);
      return withRowVersions(item, after ? readOfSaved(after) : readOf(item.BudgetItemId));
    });

  /**
   * A stale write (409): their cells beside mine. Answers the items as they are now when the person
   * chose to save theirs over them, or null when they kept theirs (put in the grid) or it was another failure.
   */
  const resolveStale = async (error: unknown, mine: (current: BudgetItem & ReadItem) => PasteItem | null) => {
    const current = error instanceof ApiError && error.status === 409 ? staleItemsOf(error.current) : [];
    if (current.length === 0) return null;
    const fields: MergeField[] = cellMergeFields(
      current,
      current.flatMap((item) => mine(item) ?? []),
      planMonths,
    );
    const choice = await merge.ask((error as ApiError).message, fields);
    if (choice === 'mine') return current;
    keepTheirs(current);
    message.info('Kept their amounts.');
    return null;
  };

  /**
   * One typed month. The toast says what it did to the year total; when the total changed, it
   * offers to keep it instead (the same month, the other open months taking the difference), and
   * Ctrl+Z then still goes back to before the first edit.
   */
  const saveMonth = async (
    request: MonthEditRequest,
    label: string,
    read: ReadItem = readOf(request.BudgetItemId),
    undo: PasteItem[] = undoOf([request.BudgetItemId]),
  ): Promise<void> => {
    const totalBefore = amountOf(request.BudgetItemId);
    try {
      const result = await setMonth.mutateAsync(withCellVersion(request, read));
      // Held as an approval request (DESIGN.md §15): nothing changed, so nothing to undo; the cell stays as it was.
      if (result.Item.WaitingForApproval) {
        showWaitingForApproval(message, result.Item.WaitingForApproval);
        return;
      }
      remember(label, undoAfter(undo, [result.Item]));
      const key = `month-edit-${request.BudgetItemId}`;
      const offerKeep = request.YearTotal === null && result.Item.Amount !== totalBefore;
      const onKeepYearTotal = offerKeep
        ? () => {
            message.destroy(key);
            void saveMonth({ ...request, YearTotal: totalBefore }, label, readOfSaved(result.Item), undo);
          }
        : null;
      message.open({
        key,
        type: 'success',
        duration: offerKeep ? 10 : 4,
        content: createElement(MonthEditMessage, { description: result.Description, onKeepYearTotal }),
      });
    } catch (error) {
      const over = await resolveStale(error, (current) => {
        // Mine: their row with my month (and, keeping the total, the total as I kept it).
        const cents = new Map<string, number>(
          current.Months.length > 0
            ? current.Months.map((cell) => [cell.Month, cell.Amount])
            : spreadOverMonths(toCents(current.Amount), planMonths).map(([month, value]) => [month, toDollars(value)]),
        );
        cents.set(request.Month, request.Amount);
        const months = [...cents].map(([Month, Amount]) => ({ Month, Amount }));
        const total = months.reduce((sum, cell) => sum + Math.round(cell.Amount * 100), 0) / 100;
        return { BudgetItemId: current.Id, Amount: request.YearTotal ?? total, Months: months };
      });
      const [current] = over ?? [];
      if (current) return saveMonth(request, label, readOfSaved(current), undo);
      if (!(error instanceof ApiError && error.status === 409 && staleItemsOf(error.current).length > 0))
        message.error(errorMessage(error), 8);
    }
  };

  const saveChanges = async (items: PasteItem[], label: string, reads?: ReadonlyMap<string, ReadItem>): Promise<void> => {
    const undo = undoOf(items.map((item) => item.BudgetItemId));
    const readFor = (itemId: string) => reads?.get(itemId) ?? readOf(itemId);
    try {
      const saved = await save.mutateAsync({
        MarketingPlanId: planId,
        Items: items.map((item) => withRowVersions(item, readFor(item.BudgetItemId))),
      });
      const waiting = saved.filter((item) => item.WaitingForApproval).length;
      // Items held as approval requests come back unchanged (DESIGN.md §15): the undo puts back only the saved ones.
      if (waiting < saved.length)
        remember(
          label,
          undoAfter(
            undo.filter((item) => !saved.some((entry) => entry.Id === item.BudgetItemId && entry.WaitingForApproval)),
            saved,
          ),
        );
      if (waiting > 0) showBlockWaiting(message, label, saved);
      else message.success(`${label}. Press Ctrl+Z to undo.`);
    } catch (error) {
      const over = await resolveStale(error, (current) => items.find((item) => item.BudgetItemId === current.Id) ?? null);
      if (over) {
        // "Save mine over theirs": the same block, the stale items with the versions the 409 answered.
        const next = new Map<string, ReadItem>(items.map((item) => [item.BudgetItemId, readFor(item.BudgetItemId)]));
        for (const current of over) next.set(current.Id, readOfSaved(current));
        return saveChanges(items, label, next);
      }
      if (!(error instanceof ApiError && error.status === 409 && staleItemsOf(error.current).length > 0))
        message.error(errorMessage(error), 8);
    }
  };

  return {
    save,
    isSaving: save.isPending || setMonth.isPending,
    saveChanges,
    saveMonth,
    lastChange,
    undoLast,
    mergeDialog: merge.dialog,
  };
};
