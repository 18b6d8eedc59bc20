import type { SaveMonthsItem, SetMonthRequest } from '@plansmith/contract/budget-months';
import { App } from 'antd';
import { createElement, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveMonths, useSetMonth } from '../api/budget-months.ts';
import type { MonthModel } from '../lib/month-grid-model.ts';
import { MonthEditMessage } from './month-edit-message.tsx';

type LastChange = { label: string; undo: SaveMonthsItem[] };

/** "Changed Google Ads, Mar 2026" → "changed Google Ads, Mar 2026": the names stay as written. */
export const lowerFirst = (label: string): string => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * Saves a change of the month grid (a paste or one cell) as one request and remembers how to put
 * the items back, so Ctrl+Z can undo it once.
 */
export const useMonthChanges = (planId: string, model: MonthModel) => {
  const { message } = App.useApp();
  const save = useSaveMonths();
  const setMonth = useSetMonth(planId);
  const [lastChange, setLastChange] = useState<LastChange | null>(null);
  const amountOf = (itemId: string) => model.items.find((entry) => entry.id === itemId)?.item.Amount ?? 0;
  // What the items were before: their amount and phasing (none for an unphased item).
  const undoOf = (itemIds: readonly string[]): SaveMonthsItem[] =>
    itemIds.map((BudgetItemId) => ({ BudgetItemId, Amount: amountOf(BudgetItemId), Months: model.months.get(BudgetItemId) ?? null }));

  /**
   * One typed month. The toast says what it did to the year total; when the total changed, it
   * offers to keep it instead (the same month, the other open months taking the difference), and
   * Ctrl+Z then still goes back to before the first edit.
   */
  const saveMonth = async (request: SetMonthRequest, label: string, undo = undoOf([request.BudgetItemId])) => {
    const totalBefore = amountOf(request.BudgetItemId);
    try {
      const result = await setMonth.mutateAsync(request);
      setLastChange({ label, undo });
      const key = `month-edit-${request.BudgetItemId}`;
      const offerKeep = request.YearTotal === null && result.Item.Amount !== totalBefore;
      const onKeepYearTotal = offerKeep
        ? () => {
            message.destroy(key);
            void saveMonth({ ...request, YearTotal: totalBefore }, label, undo);
          }
        : null;
      message.open({
        key,
        type: 'success',
        duration: offerKeep ? 10 : 4,
        content: createElement(MonthEditMessage, { description: result.Description, onKeepYearTotal }),
      });
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  const saveChanges = async (items: SaveMonthsItem[], label: string) => {
    const undo = undoOf(items.map((item) => item.BudgetItemId));
    try {
      await save.mutateAsync({ MarketingPlanId: planId, Items: items });
      setLastChange({ label, undo });
      message.success(`${label}. Press Ctrl+Z to undo.`);
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  const undoLast = async () => {
    if (!lastChange || save.isPending || setMonth.isPending) return;
    try {
      await save.mutateAsync({ MarketingPlanId: planId, Items: lastChange.undo });
      setLastChange(null);
      message.info(`Undone: ${lowerFirst(lastChange.label)}.`);
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  return { save, isSaving: save.isPending || setMonth.isPending, saveChanges, saveMonth, lastChange, undoLast };
};
