import type { InboxKind, InboxNotification } from '@plansmith/contract';
import { Alert, Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { useInbox, useMarkAllRead, useMarkRead } from '../api/inbox-api.ts';

const KIND_LABELS: Record<InboxKind, { label: string; color: string }> = {
  overspend: { label: 'Overspend', color: 'red' },
  mention: { label: 'Mention', color: 'blue' },
  comment: { label: 'Comment', color: 'geekblue' },
  team: { label: 'Team', color: 'purple' },
  approval: { label: 'Approval', color: 'gold' },
};

const Entry = ({
  entry,
  onOpen,
  onMarkRead,
  marking,
}: {
  entry: InboxNotification;
  onOpen: () => void;
  onMarkRead: () => void;
  marking: boolean;
}) => {
  const unread = entry.ReadAt === null;
  const kind = KIND_LABELS[entry.Kind];
  return (
    <li className={unread ? 'inbox-entry inbox-entry-unread' : 'inbox-entry'}>
      <Flex gap={12} align="start" justify="space-between" wrap>
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Flex gap={8} align="center" wrap>
            <Tag color={kind.color} style={{ marginInlineEnd: 0 }}>
              {kind.label}
            </Tag>
            <Link to={entry.Link} onClick={onOpen} style={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
              {entry.Title}
            </Link>
            {unread ? <span className="visually-hidden">(unread)</span> : null}
          </Flex>
          {entry.Body ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }} ellipsis={{ rows: 2 }}>
              {entry.Body}
            </Typography.Paragraph>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={entry.CreatedAt}>{formatDateTime(entry.CreatedAt)}</time>
          </Typography.Text>
        </div>
        {unread ? (
          <Button size="small" onClick={onMarkRead} loading={marking} aria-label={`Mark read: ${entry.Title}`}>
            Mark read
          </Button>
        ) : null}
      </Flex>
    </li>
  );
};

/** The inbox: overspends, mentions, comments on one's plans and team changes, newest first; each links to its thing. */
export const InboxList = () => {
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const inbox = useInbox(filter === 'unread');
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const hasUnread = inbox.data?.some((entry) => entry.ReadAt === null) ?? false;
  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Segmented<'all' | 'unread'>
          value={filter}
          onChange={setFilter}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Unread', value: 'unread' },
          ]}
        />
        <Button onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={!hasUnread}>
          Mark all read
        </Button>
      </Flex>
      {markRead.isError || markAll.isError ? (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={errorMessage(markRead.error ?? markAll.error)} />
      ) : null}
      {inbox.isPending ? (
        <LoadingState label="Loading notifications…" />
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} title="The notifications could not be loaded." />
      ) : inbox.data.length === 0 ? (
        <EmptyState
          description={
            filter === 'unread'
              ? 'Nothing unread.'
              : 'No notifications yet. Overspends, mentions, comments on your teams’ plans and team changes appear here.'
          }
        />
      ) : (
        <ul className="inbox-list" aria-label="Notifications">
          {inbox.data.map((entry) => (
            <Entry
              key={entry.Id}
              entry={entry}
              marking={markRead.isPending && markRead.variables === entry.Id}
              onMarkRead={() => markRead.mutate(entry.Id)}
              onOpen={() => {
                if (entry.ReadAt === null) markRead.mutate(entry.Id);
              }}
            />
          ))}
        </ul>
      )}
    </Card>
  );
};
