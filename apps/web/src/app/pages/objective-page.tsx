import { AreaPlaceholder } from './area-placeholder.tsx';

export const ObjectivePage = () => <AreaPlaceholder title="Objective" description="Objective details are not available yet." />;
