import type { SaveMonthsItem } from '@plansmith/contract/budget-months';
import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveMonths } from '../api/budget-months.ts';
import type { MonthModel } from '../lib/month-grid-model.ts';

type LastChange = { label: string; undo: SaveMonthsItem[] };

/**
 * Saves a change of the month grid (a paste or one cell) as one request and remembers how to put
 * the items back, so Ctrl+Z can undo it once.
 */
export const useMonthChanges = (planId: string, model: MonthModel) => {
  const { message } = App.useApp();
  const save = useSaveMonths();
  const [lastChange, setLastChange] = useState<LastChange | null>(null);

  const saveChanges = async (items: SaveMonthsItem[], label: string) => {
    const amountOf = new Map(model.items.map((entry) => [entry.id, entry.item.Amount]));
    // What the items were before: their amount and phasing (none for an unphased item).
    const undo: SaveMonthsItem[] = items.map(({ BudgetItemId }) => ({
      BudgetItemId,
      Amount: amountOf.get(BudgetItemId) ?? 0,
      Months: model.months.get(BudgetItemId) ?? null,
    }));
    try {
      await save.mutateAsync({ MarketingPlanId: planId, Items: items });
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
