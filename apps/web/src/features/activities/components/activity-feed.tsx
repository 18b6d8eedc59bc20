import { App, Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { ACTIVITY_MAX_LIMIT, NOTE_ENTITY_TYPES } from '@plansmith/contract';
import {
  type ActivityTarget,
  FEED_PAGE,
  useDeleteNote,
  useEntityActivities,
  usePlanActivities,
  useSaveNote,
} from '../api/activity-queries.ts';
import { ActivityList } from './activity-list.tsx';

type NoteTarget = { EntityType: (typeof NOTE_ENTITY_TYPES)[number]; EntityId: string };
const isNoteTarget = (target: ActivityTarget): target is NoteTarget => (NOTE_ENTITY_TYPES as readonly string[]).includes(target.EntityType);

/**
 * The activity feed of a plan (with its items and expenses) or of one entity: the server's audit
 * trail and people's notes. Notes can be deleted by their author; the audit trail cannot.
 */
export const ActivityFeed = ({
  target,
  planWide = false,
  canWrite = true,
}: {
  target: ActivityTarget;
  planWide?: boolean;
  canWrite?: boolean;
}) => {
  const { message } = App.useApp();
  const [limit, setLimit] = useState(FEED_PAGE);
  const planFeed = usePlanActivities(target.EntityId, limit, planWide);
  const entityFeed = useEntityActivities(target, limit, !planWide);
  const feed = planWide ? planFeed : entityFeed;
  const saveNote = useSaveNote();
  const deleteNote = useDeleteNote();
  const [note, setNote] = useState('');

  const post = async () => {
    if (!isNoteTarget(target) || !note.trim()) return;
    try {
      await saveNote.mutateAsync({ EntityType: target.EntityType, EntityId: target.EntityId, Description: note });
      setNote('');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Card title="Activity" size="small">
      {canWrite && isNoteTarget(target) ? (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Input
            aria-label="Add a note"
            placeholder="Add a note to the activity feed"
            value={note}
            maxLength={4000}
            onChange={(event) => setNote(event.target.value)}
            onPressEnter={post}
          />
          <Button onClick={post} loading={saveNote.isPending} disabled={!note.trim()}>
            Add note
          </Button>
        </Flex>
      ) : null}
      {feed.isLoading ? (
        <LoadingState label="Loading activity…" />
      ) : feed.isError ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} title="The activity could not be loaded." />
      ) : feed.data && feed.data.length > 0 ? (
        <>
          {/* A scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself takes focus so arrow keys scroll it */}
          <section tabIndex={0} aria-label="Activity history" style={{ maxHeight: 640, overflowY: 'auto' }}>
            <ActivityList
              activities={feed.data}
              deleting={deleteNote.isPending}
              onDelete={(activity) =>
                deleteNote
                  .mutateAsync({ id: activity.Id, version: activity.Version })
                  .catch((error: unknown) => message.error(errorMessage(error)))
              }
            />
          </section>
          {feed.data.length >= limit && limit < ACTIVITY_MAX_LIMIT ? (
            <Button
              block
              type="link"
              loading={feed.isFetching}
              onClick={() => setLimit((current) => Math.min(ACTIVITY_MAX_LIMIT, current + FEED_PAGE))}
            >
              Show more
            </Button>
          ) : null}
        </>
      ) : (
        <EmptyState description="No activity yet." />
      )}
    </Card>
  );
};
