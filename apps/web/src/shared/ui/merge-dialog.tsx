import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { lazyModal } from './lazy-modal.tsx';

/** A save refused because someone changed the row since it was read (409 with the row as it is now, DESIGN.md §13). */
export type StaleWrite<T> = { message: string; current: T; version: number };

/** The stale-write 409 in `error`, with the current row, or null for any other failure. */
export const staleWriteOf = <T extends { Version: number }>(error: unknown): StaleWrite<T> | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.current as T | null | undefined;
  if (!current || typeof current !== 'object' || typeof current.Version !== 'number') return null;
  return { message: error.message, current, version: current.Version };
};

/** One field of the merge dialog: how theirs and mine read. */
export type MergeField = { key: string; label: string; theirs: string; mine: string };

/**
 * The fields whose values differ between their row and mine, formatted for the dialog. `format` is
 * given the value's own row too (e.g. an Amount formats in its row's Currency, DESIGN.md §17).
 */
export const changedFields = <T,>(
  fields: ReadonlyArray<{ key: keyof T & string; label: string; format?: (value: T[keyof T], row: T) => string }>,
  theirs: T,
  mine: T,
): MergeField[] =>
  fields.flatMap(({ key, label, format }) => {
    const show = (row: T) => {
      const value = row[key];
      return format ? format(value, row) : value === null || value === undefined || value === '' ? '—' : String(value);
    };
    const a = show(theirs);
    const b = show(mine);
    return a === b ? [] : [{ key, label, theirs: a, mine: b }];
  });

export type MergeChoice = 'theirs' | 'mine';

type Pending = { message: string; fields: MergeField[]; resolve: (choice: MergeChoice) => void };

/** The dialog's code (antd's Modal, Table, Alert) loads when a stale save first needs it, not with every grid. */
const LazyMergeModal = lazyModal(
  () => import('./merge-dialog-modal.tsx').then((module) => module.MergeModal),
  (props: { pending: { message: string; fields: MergeField[] } | null }) => props.pending !== null,
);

/**
 * The merge dialog (DESIGN.md §13): someone else changed the row while the person edited it. It
 * shows each changed field, theirs beside yours, and asks: keep theirs, or save mine over theirs.
 * Nothing is retried without the person's choice. `ask` answers the choice; render `dialog`.
 */
export const useMergeDialog = () => {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const ask = useCallback(
    (message: string, fields: MergeField[]) =>
      new Promise<MergeChoice>((resolve) => {
        const next = { message, fields, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );
  const choose = (choice: MergeChoice) => {
    pendingRef.current?.resolve(choice);
    pendingRef.current = null;
    setPending(null);
  };
  const dialog = <LazyMergeModal pending={pending} onChoose={choose} />;
  return { ask, dialog };
};
