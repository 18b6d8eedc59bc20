import { AreaPlaceholder } from './area-placeholder.tsx';

export const TeamsPage = () => <AreaPlaceholder title="Teams" description="Teams, their members and roles will be managed here." />;
