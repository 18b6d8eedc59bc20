import { App, Button } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';

/** "Changed Google Ads, Mar 2026" → "changed Google Ads, Mar 2026": the names stay as written. */
export const lowerFirst = (label: string): string => label.charAt(0).toLowerCase() + label.slice(1);

/** The last change a grid saved: what the toast and the Undo button call it, and the request that puts it back. */
export type LastChange<Undo> = { label: string; undo: Undo };

/**
 * The month grid's one-step undo, shared by its Months and Forecast views: a change saved as one
 * request (a typed cell or a pasted block) is remembered with the request that puts it back — carrying
 * the versions the change's answer gave its rows (DESIGN.md §13) — and Ctrl+Z or the Undo button sends
 * that once, as one request. When someone changed those rows since (409), the undo would overwrite
 * their work: nothing is undone, `onStale` puts their rows in the grid, and the undo is forgotten.
 */
export const useUndoLast = <Undo, Result = unknown>({
  send,
  busy,
  onStale,
  onUndone,
}: {
  send: (undo: Undo) => Promise<Result>;
  busy: boolean;
  onStale: (current: unknown) => void;
  /** Says what the undo did when it is more than "Undone" (some of it waits for approval); true when it said so. */
  onUndone?: (result: Result, label: string) => boolean;
}) => {
  const { message } = App.useApp();
  const [lastChange, setLastChange] = useState<LastChange<Undo> | null>(null);

  const undoLast = async (): Promise<void> => {
    if (!lastChange || busy) return;
    try {
      const result = await send(lastChange.undo);
      setLastChange(null);
      if (!onUndone?.(result, lastChange.label)) message.info(`Undone: ${lowerFirst(lastChange.label)}.`);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      message.error(stale ? `${error.message} The undo would overwrite it, so nothing was undone.` : errorMessage(error), 8);
      if (stale) {
        onStale(error.current);
        setLastChange(null);
      }
    }
  };

  return {
    lastChange,
    /** Remembers a saved change (replacing the one before: one step of undo). */
    remember: (label: string, undo: Undo) => setLastChange({ label, undo }),
    undoLast,
  };
};

/** "Undo: changed Google Ads, Mar 2026" beside the grid while there is something to undo. */
export const UndoLastButton = ({ label, busy, onUndo }: { label: string; busy: boolean; onUndo: () => void }) => (
  <Button size="small" onClick={onUndo} loading={busy}>
    Undo: {lowerFirst(label)}
  </Button>
);
