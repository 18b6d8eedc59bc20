import { AreaPlaceholder } from './area-placeholder.tsx';

export const BillingPage = () => (
  <AreaPlaceholder title="Billing" description="Your subscription and payment method will be managed here." />
);
