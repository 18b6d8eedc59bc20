import { AreaPlaceholder } from './area-placeholder.tsx';

export const NotificationsPage = () => (
  <AreaPlaceholder title="Notifications" description="Your e-mail notification choices will be managed here." />
);
