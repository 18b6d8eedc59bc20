// The starter module as other modules and the seed see it: a new account's suggested data.
export { STARTER_CATEGORIES, STARTER_FUNNEL_STAGES, STARTER_GL_CODES } from './starter-set.ts';
export { createStarterData, type NewAccount } from './starter.service.ts';
