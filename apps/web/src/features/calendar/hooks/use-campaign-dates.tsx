import type { Campaign } from '@plansmith/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { cachedCampaign, putCampaign, saveCampaignDates } from '../api/calendar-queries.ts';
import type { DateRange } from '../lib/timeline.ts';

const MERGE_FIELDS = [
  { key: 'Name' as const, label: 'Name' },
  { key: 'OwnerName' as const, label: 'Owner' },
  { key: 'StartDate' as const, label: 'Start', format: (value: unknown) => formatDate(String(value)) },
  { key: 'EndDate' as const, label: 'End', format: (value: unknown) => formatDate(String(value)) },
];

export const rangeText = (range: DateRange): string => `${formatDate(range.start)} – ${formatDate(range.end)}`;

/**
 * Moving and stretching campaign bars (drag or arrow keys): the new dates show at once (drafts), and
 * each campaign's saves go one after another, each with the Version the previous one brought back,
 * so a run of arrow presses never conflicts with itself. Presses made while a save is on its way
 * are sent together as one save of the last dates. A colleague's change since the read answers 409:
 * the merge dialog shows their dates beside mine; nothing is retried without the person's choice.
 */
export const useCampaignDates = (planId: string) => {
  const client = useQueryClient();
  const { message } = App.useApp();
  const merge = useMergeDialog();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, DateRange>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(new Map<string, DateRange>());
  const queues = useRef(new Map<string, Promise<void>>());

  const setDraft = useCallback((id: string, range: DateRange | null) => {
    setDrafts((current) => {
      const next = new Map(current);
      if (range) next.set(id, range);
      else next.delete(id);
      return next;
    });
  }, []);

  /** Sends the dates with the campaign's Version; on a stale write asks, then keeps theirs or sends mine over theirs. */
  const send = useCallback(
    async (campaign: Campaign, range: DateRange): Promise<void> => {
      try {
        const saved = await saveCampaignDates(campaign, range);
        putCampaign(client, saved);
        setAnnouncement(`${saved.Name} saved: ${rangeText({ start: saved.StartDate, end: saved.EndDate })}.`);
      } catch (error) {
        const stale = staleWriteOf<Campaign>(error);
        if (!stale) {
          // A refusal the person can act on (outside the plan or the parent, around a child): the bar goes back.
          latest.current.delete(campaign.Id);
          message.error(errorMessage(error));
          setAnnouncement(`${campaign.Name} was not moved: ${errorMessage(error)}`);
          return;
        }
        // Only the dates are this person's change: every other field is the colleague's.
        const mine: Campaign = { ...stale.current, StartDate: range.start, EndDate: range.end };
        const fields = changedFields(MERGE_FIELDS, stale.current, mine);
        if (fields.length === 0) {
          putCampaign(client, stale.current);
          return;
        }
        const choice = await merge.ask(stale.message, fields);
        if (choice === 'mine') return send(stale.current, range);
        latest.current.delete(campaign.Id);
        putCampaign(client, stale.current);
        message.info(`Kept their dates of ${stale.current.Name}.`);
      }
    },
    [client, merge.ask, message],
  );

  /** Shows `range` for the campaign at once and saves it after the saves already on their way. */
  const change = useCallback(
    (id: string, range: DateRange) => {
      latest.current.set(id, range);
      setDraft(id, range);
      const run = (queues.current.get(id) ?? Promise.resolve()).then(async () => {
        const target = latest.current.get(id);
        const campaign = cachedCampaign(client, planId, id);
        if (!target || !campaign || (campaign.StartDate === target.start && campaign.EndDate === target.end)) return;
        await send(campaign, target);
      });
      queues.current.set(id, run);
      void run.finally(() => {
        if (queues.current.get(id) !== run) return;
        queues.current.delete(id);
        latest.current.delete(id);
        setDraft(id, null);
      });
    },
    [client, planId, send, setDraft],
  );

  return { drafts, change, announcement, setAnnouncement, dialog: merge.dialog };
};
