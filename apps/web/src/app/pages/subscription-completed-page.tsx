import { AreaPlaceholder } from './area-placeholder.tsx';

export const SubscriptionCompletedPage = () => (
  <AreaPlaceholder title="Subscription Updated" description="Your subscription change will be confirmed here." />
);
