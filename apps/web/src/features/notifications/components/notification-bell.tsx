import { BellOutlined } from '@ant-design/icons';
import { getHref } from '@plansmith/contract';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/inbox-api.ts';

/** The header's bell: a link to the inbox whose name and badge say how many notifications are unread. */
export const NotificationBell = ({ enabled = true }: { enabled?: boolean }) => {
  const unread = useUnreadCount(enabled);
  const count = unread.data?.Count ?? 0;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  return (
    <Link to={getHref('inbox')} className="notification-bell" aria-label={label} title={label}>
      <BellOutlined aria-hidden style={{ fontSize: 18 }} />
      {count > 0 ? (
        <span className="notification-bell-count" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
};
