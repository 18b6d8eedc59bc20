import { AreaPlaceholder } from './area-placeholder.tsx';

export const LookupsPage = () => (
  <AreaPlaceholder title="Lookups" description="General ledger codes and funnel stages will be managed here." />
);
