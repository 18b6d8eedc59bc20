import { AreaPlaceholder } from './area-placeholder.tsx';

export const PlanPage = () => <AreaPlaceholder title="Plan" description="This plan’s details will be shown here." />;
