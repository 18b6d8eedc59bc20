import type { SaveMonthsItem } from '@plansmith/contract/budget-months';
import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveMonths } from '../api/budget-months.ts';
import type { MonthModel } from '../lib/month-grid-model.ts';
import { type MonthChange, toSaveItem } from '../lib/month-paste.ts';

type LastChange = { label: string; undo: SaveMonthsItem[] };

/**
 * Saves a change of the month grid (a paste or one cell) as one request and remembers how to put
 * the items back, so Ctrl+Z can undo it once.
 */
export const useMonthChanges = (planId: string, model: MonthModel) => {
  const { message } = App.useApp();
  const save = useSaveMonths();
  const [lastChange, setLastChange] = useState<LastChange | null>(null);

  const saveChanges = async (changes: MonthChange[], label: string) => {
    const amountOf = new Map(model.items.map((entry) => [entry.id, entry.item.Amount]));
    // What the items were before: their amount and phasing (none for an unphased item).
    const undo: SaveMonthsItem[] = changes.map(({ itemId }) => ({
      BudgetItemId: itemId,
      Amount: amountOf.get(itemId) ?? 0,
      Months: model.months.get(itemId) ?? null,
    }));
    try {
      await save.mutateAsync({ MarketingPlanId: planId, Items: changes.map(toSaveItem) });
      setLastChange({ label, undo });
      message.success(`${label}. Press Ctrl+Z to undo.`);
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  const undoLast = async () => {
    if (!lastChange || save.isPending) return;
    try {
      await save.mutateAsync({ MarketingPlanId: planId, Items: lastChange.undo });
      setLastChange(null);
      message.info(`Undone: ${lastChange.label.toLowerCase()}.`);
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  return { save, saveChanges, lastChange, undoLast };
};
