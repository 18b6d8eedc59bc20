import { AreaPlaceholder } from './area-placeholder.tsx';

export const ExpensesPage = () => <AreaPlaceholder title="Expenses" description="The expenses of your context plan will be listed here." />;
