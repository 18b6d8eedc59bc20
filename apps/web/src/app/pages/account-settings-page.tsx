import { AreaPlaceholder } from './area-placeholder.tsx';

export const AccountSettingsPage = () => (
  <AreaPlaceholder title="Account Settings" description="Your company account’s details will be managed here." />
);
