import { AreaPlaceholder } from './area-placeholder.tsx';

export const ReportsPage = () => <AreaPlaceholder title="Reports" description="The budget-category report will be shown here." />;
