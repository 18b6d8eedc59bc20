import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import type { AskReason } from '../lib/with-reason.ts';

const ReasonContext = createContext<AskReason | null>(null);

// The prompt (antd Modal and TextArea) loads when first asked, not with /budget.
const ReasonModal = lazyModal(
  async () => (await import('./reason-modal.tsx')).ReasonModal,
  (props: { open: boolean }) => props.open,
);

/**
 * Gives the budget writes under it a way to ask why (DESIGN.md §14): after the plan's baseline is
 * locked the server refuses a budget change without a reason, and the write asks through this once
 * per save (an item form, a typed month, a pasted block or its undo, a deletion).
 */
export const BudgetReasonProvider = ({ children }: { children: ReactNode }) => {
  const [asking, setAsking] = useState<{ message: string; resolve: (reason: string | null) => void } | null>(null);
  const ask = useCallback<AskReason>((message) => new Promise((resolve) => setAsking({ message, resolve })), []);
  const answer = (reason: string | null) => {
    asking?.resolve(reason);
    setAsking(null);
  };
  return (
    <ReasonContext.Provider value={ask}>
      {children}
      <ReasonModal open={asking !== null} message={asking?.message ?? ''} onAnswer={answer} />
    </ReasonContext.Provider>
  );
};

/** How a budget write asks for a reason: null outside a BudgetReasonProvider (the server's 400 then shows as it is). */
export const useAskReason = (): AskReason | null => useContext(ReasonContext);
