// The campaigns module's public face (DESIGN.md §16): routes, and the plan's tree with its roll-ups.
export { registerCampaignRoutes } from './campaigns.routes.ts';
export { readCampaignList } from './campaigns.service.ts';
