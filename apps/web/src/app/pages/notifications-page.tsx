import { Card } from 'antd';
import { useNotificationSettings } from '../../features/settings/api/settings-api.ts';
import { NotificationSettingsForm } from '../../features/settings/components/notification-settings-form.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /settings/notifications: the e-mails the user wants, stored per user. */
export const NotificationsPage = () => {
  const settings = useNotificationSettings();
  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Choose which emails Plansmith sends you. Security emails, such as password resets, are always sent."
      />
      <Card>
        {settings.isPending ? (
          <LoadingState />
        ) : settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <NotificationSettingsForm settings={settings.data} />
        )}
      </Card>
    </>
  );
};
