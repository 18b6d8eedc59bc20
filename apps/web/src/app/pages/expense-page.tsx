import { AreaPlaceholder } from './area-placeholder.tsx';

export const ExpensePage = () => <AreaPlaceholder title="Expense" description="This expense’s details will be shown here." />;
