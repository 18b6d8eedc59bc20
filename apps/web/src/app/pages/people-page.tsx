import { AreaPlaceholder } from './area-placeholder.tsx';

export const PeoplePage = () => <AreaPlaceholder title="People" description="People and invitations will be managed here." />;
