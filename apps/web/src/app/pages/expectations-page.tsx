import { AreaPlaceholder } from './area-placeholder.tsx';

export const ExpectationsPage = () => (
  <AreaPlaceholder title="Expectations" description="The forecast grid of expected counts per funnel stage is not available yet." />
);
