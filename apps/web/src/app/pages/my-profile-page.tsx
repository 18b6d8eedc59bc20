import { AreaPlaceholder } from './area-placeholder.tsx';

export const MyProfilePage = () => <AreaPlaceholder title="My Profile" description="Your name and password will be managed here." />;
