import type { ComponentProps } from 'react';
import { useAskReason } from '../features/budget/components/budget-reason.tsx';
import { ImportScreen } from '../features/import/components/import-screen.tsx';

/**
 * The import screen with the budget screens' reason prompt (DESIGN.md §14): a budget-items import
 * after the plan's baseline lock asks why, once, and is sent again. Inside a BudgetReasonProvider.
 */
export const ImportWithReason = (props: Omit<ComponentProps<typeof ImportScreen>, 'askReason'>) => (
  <ImportScreen {...props} askReason={useAskReason()} />
);
