import { AreaPlaceholder } from './area-placeholder.tsx';

export const DashboardPage = () => (
  <AreaPlaceholder title="Dashboard" description="The dashboard of your context plan will show budget, spend and burn rate here." />
);
