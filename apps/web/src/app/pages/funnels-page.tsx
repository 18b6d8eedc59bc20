import { AreaPlaceholder } from './area-placeholder.tsx';

export const FunnelsPage = () => (
  <AreaPlaceholder title="Funnels" description="Funnel stages with expected and actual counts are not available yet." />
);
