import { AreaPlaceholder } from './area-placeholder.tsx';

export const BudgetItemPage = () => <AreaPlaceholder title="Budget Item" description="This budget item’s details will be shown here." />;
