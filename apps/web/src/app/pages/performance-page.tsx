import { AreaPlaceholder } from './area-placeholder.tsx';

export const PerformancePage = () => (
  <AreaPlaceholder title="Performance" description="Plan performance — objective attainment and cost per result — is not available yet." />
);
