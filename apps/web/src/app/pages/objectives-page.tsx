import { AreaPlaceholder } from './area-placeholder.tsx';

export const ObjectivesPage = () => (
  <AreaPlaceholder title="Objectives" description="Objectives with targets and results are not available yet." />
);
