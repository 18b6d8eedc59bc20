import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { CONTEXT_PLAN_KEY, CONTEXT_TEAM_KEY, readStored } from '../api/session-keys.ts';

/**
 * The context team and context plan of SPEC.md §4, remembered in the browser.
 * Pickers in the shell set them; pages read them. Null means "not chosen yet": the pickers then
 * fall back to the first team and the team's live plan.
 */
type ContextSelection = {
  teamId: string | null;
  planId: string | null;
  setTeamId: (teamId: string | null) => void;
  setPlanId: (planId: string | null) => void;
};

const SelectionContext = createContext<ContextSelection | null>(null);

const write = (key: string, value: string | null) => {
  if (value) localStorage.setItem(key, value);
  else localStorage.removeItem(key);
};

export const ContextSelectionProvider = ({ children }: { children: ReactNode }) => {
  const [teamId, setTeamState] = useState<string | null>(() => readStored(CONTEXT_TEAM_KEY));
  const [planId, setPlanState] = useState<string | null>(() => readStored(CONTEXT_PLAN_KEY));
  const setTeamId = useCallback((next: string | null) => {
    write(CONTEXT_TEAM_KEY, next);
    setTeamState(next);
  }, []);
  const setPlanId = useCallback((next: string | null) => {
    write(CONTEXT_PLAN_KEY, next);
    setPlanState(next);
  }, []);
  const value = useMemo(() => ({ teamId, planId, setTeamId, setPlanId }), [teamId, planId, setTeamId, setPlanId]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
};

export const useContextSelection = (): ContextSelection => {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useContextSelection must be used inside ContextSelectionProvider');
  return value;
};
