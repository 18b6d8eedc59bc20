import type { LiveChangeEvent, LiveEntity } from '@plansmith/contract';
import { Alert, Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { onLiveEvent } from '../api/live-changes.ts';
import { readSession } from '../api/session.ts';

/** The latest change another person made to this row while it is on screen (DESIGN.md §13), or null. */
export const useLiveRowChange = (entity: LiveEntity, id: string): LiveChangeEvent | null => {
  const [change, setChange] = useState<LiveChangeEvent | null>(null);
  useEffect(
    () =>
      onLiveEvent((event) => {
        if (event.Type !== 'changed' && event.Type !== 'deleted') return;
        if (event.Entity !== entity || event.Id !== id || event.ByUserId === readSession()?.UserId) return;
        setChange(event);
      }),
    [entity, id],
  );
  return change;
};

/**
 * Shown above a form whose row someone else changed while it was open: the form keeps what is being
 * typed (it is not redrawn under the cursor) and offers the new values instead.
 */
export const LiveRowNotice = ({ change, what, onReload }: { change: LiveChangeEvent | null; what: string; onReload: () => void }) => (
  <Alert
    type="info"
    showIcon
    style={{ marginBottom: 16 }}
    message={`${change?.ByName ?? 'Someone'} ${change?.Type === 'deleted' ? 'deleted' : 'changed'} ${what} — reload the value?`}
    description="What you are typing stays until you choose. Saving it as it is asks which version to keep."
    action={
      <Button size="small" onClick={onReload}>
        Reload
      </Button>
    }
  />
);

/**
 * The version of a row a form shows (DESIGN.md §13): a newer one from this person's own save (or one
 * no colleague announced) is taken at once; one a colleague made is not put under the cursor —
 * `notice` offers it, and the form keeps the version it was filled from, so saving answers 409 and
 * the merge dialog instead of a silent overwrite.
 */
export const useShownRow = <T extends { Id: string; Version: number }>(
  entity: LiveEntity,
  row: T,
  what: string,
): { shown: T; notice: ReactNode } => {
  const [shown, setShown] = useState(row);
  const change = useLiveRowChange(entity, row.Id);
  const theirs = row.Id === shown.Id && row.Version > shown.Version && change !== null && (change.Version ?? 0) > shown.Version;
  useEffect(() => {
    if (row.Id !== shown.Id || (row.Version > shown.Version && !theirs)) setShown(row);
  }, [row, shown, theirs]);
  return { shown, notice: theirs ? <LiveRowNotice change={change} what={what} onReload={() => setShown(row)} /> : null };
};
