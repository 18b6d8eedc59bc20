/**
 * The suggested lookups every new account starts with (DESIGN.md §12), written once: the demo
 * seed gives them fixed ids, sign-up inserts them with new ones. Owners edit them under Lookups.
 */

/** Budget categories: productive (1), operational (2) and personnel (3). */
export const STARTER_CATEGORIES = {
  paidMedia: { name: 'Paid Media', categoryType: 1, sortOrder: 1 },
  events: { name: 'Events', categoryType: 1, sortOrder: 2 },
  content: { name: 'Content', categoryType: 1, sortOrder: 3 },
  software: { name: 'Software & Tools', categoryType: 2, sortOrder: 4 },
  agencies: { name: 'Agencies', categoryType: 2, sortOrder: 5 },
  research: { name: 'Research', categoryType: 2, sortOrder: 6 },
  salaries: { name: 'Salaries', categoryType: 3, sortOrder: 7 },
  contractors: { name: 'Contractors', categoryType: 3, sortOrder: 8 },
} as const;

/** General ledger codes (lookup type 1), each for one category type. */
export const STARTER_GL_CODES = {
  advertising: { name: '6100 Advertising', sortOrder: 1, categoryType: 1 },
  events: { name: '6200 Events & Sponsorships', sortOrder: 2, categoryType: 1 },
  software: { name: '6300 Software Subscriptions', sortOrder: 3, categoryType: 2 },
  services: { name: '6400 Professional Services', sortOrder: 4, categoryType: 2 },
  payroll: { name: '6500 Payroll', sortOrder: 5, categoryType: 3 },
} as const;

/** Funnel stages (lookup type 2), in funnel order. */
export const STARTER_FUNNEL_STAGES = {
  visitor: { name: 'Visitor', sortOrder: 1 },
  lead: { name: 'Lead', sortOrder: 2 },
  mql: { name: 'Marketing Qualified Lead', sortOrder: 3 },
  sql: { name: 'Sales Qualified Lead', sortOrder: 4 },
  opportunity: { name: 'Opportunity', sortOrder: 5 },
  customer: { name: 'Customer', sortOrder: 6 },
} as const;
