import { AreaPlaceholder } from './area-placeholder.tsx';

export const PlansPage = () => <AreaPlaceholder title="Plans" description="Your team’s marketing plans will be listed here." />;
