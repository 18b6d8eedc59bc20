import { AreaPlaceholder } from './area-placeholder.tsx';

export const SpendingPage = () => <AreaPlaceholder title="Spending" description="Spending over time will be charted here." />;
