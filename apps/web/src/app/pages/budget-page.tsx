import { AreaPlaceholder } from './area-placeholder.tsx';

export const BudgetPage = () => <AreaPlaceholder title="Budget" description="The budget items of your context plan will be listed here." />;
