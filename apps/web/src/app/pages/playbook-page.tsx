import { AreaPlaceholder } from './area-placeholder.tsx';

export const PlaybookPage = () => <AreaPlaceholder title="Playbook" description="Plan templates to start from are not available yet." />;
