import { InboxList } from '../../features/notifications/components/inbox-list.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /inbox: the in-app notifications behind the header's bell. */
export const InboxPage = () => (
  <>
    <PageHeader
      title="Inbox"
      subtitle="Overspends, mentions, comments on your teams’ plans and team changes. What appears here follows your notification choices."
    />
    <InboxList />
  </>
);
