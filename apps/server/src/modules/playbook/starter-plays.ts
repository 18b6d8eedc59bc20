// The starter library (DESIGN.md §9), written once as data: sign-up and the demo seed both make
// these four plays from it (starter-library.ts). Amounts are whole US dollars; `phasing` weighs the
// play's months (one weight per month, month 1 first), `months` of an objective limits it to a span.
import type { StarterPlayKey } from '@plansmith/contract';

export type StarterCategory = { name: string; categoryType: 1 | 2 | 3; sortOrder: number };
export type StarterGlCode = { name: string; categoryType: 1 | 2 | 3; sortOrder: number };

/** The categories and GL codes the plays use, named as the demo and the suggested set name them. */
export const STARTER_CATEGORIES = {
  paidMedia: { name: 'Paid Media', categoryType: 1, sortOrder: 1 },
  events: { name: 'Events', categoryType: 1, sortOrder: 2 },
  content: { name: 'Content', categoryType: 1, sortOrder: 3 },
  software: { name: 'Software & Tools', categoryType: 2, sortOrder: 4 },
  agencies: { name: 'Agencies', categoryType: 2, sortOrder: 5 },
  research: { name: 'Research', categoryType: 2, sortOrder: 6 },
  salaries: { name: 'Salaries', categoryType: 3, sortOrder: 7 },
} as const satisfies Record<string, StarterCategory>;

export const STARTER_GL_CODES = {
  advertising: { name: '6100 Advertising', categoryType: 1, sortOrder: 1 },
  events: { name: '6200 Events & Sponsorships', categoryType: 1, sortOrder: 2 },
  software: { name: '6300 Software Subscriptions', categoryType: 2, sortOrder: 3 },
  services: { name: '6400 Professional Services', categoryType: 2, sortOrder: 4 },
  payroll: { name: '6500 Payroll', categoryType: 3, sortOrder: 5 },
} as const satisfies Record<string, StarterGlCode>;

export type StarterItem = {
  name: string;
  category: keyof typeof STARTER_CATEGORIES;
  glCode: keyof typeof STARTER_GL_CODES;
  amount: number;
  /** One weight per month of the play; the amount is split in these proportions to the cent. */
  phasing: readonly number[];
};

export type StarterObjective = {
  name: string;
  metric: string;
  /** 1 count, 2 currency, 3 percent */
  metricType: 1 | 2 | 3;
  /** 1 sum of results, 2 latest result */
  aggregation?: 1 | 2;
  isRevenue?: boolean;
  targetValue: number;
  /** A funnel stage linked by name when the tenant has it. */
  funnelStage?: string;
  /** First and last month of the play it covers (1-based); the whole play when missing. */
  months?: readonly [number, number];
};

export type StarterPlay = {
  key: StarterPlayKey;
  name: string;
  description: string;
  months: number;
  items: readonly StarterItem[];
  objectives: readonly StarterObjective[];
};

const even = (months: number): number[] => Array.from({ length: months }, () => 1);

export const STARTER_PLAYS: readonly StarterPlay[] = [
  {
    key: 'product-launch',
    name: 'Product launch',
    description: 'Two months of preparation, a launch month with a paid burst and an event, three months of follow-through.',
    months: 6,
    items: [
      { name: 'Positioning & messaging research', category: 'research', glCode: 'services', amount: 8_000, phasing: [1, 0, 0, 0, 0, 0] },
      { name: 'Launch video & demo assets', category: 'content', glCode: 'services', amount: 18_000, phasing: [1, 1, 0, 0, 0, 0] },
      { name: 'Launch paid media burst', category: 'paidMedia', glCode: 'advertising', amount: 60_000, phasing: [0, 0, 4, 3, 2, 1] },
      { name: 'Launch event & press day', category: 'events', glCode: 'events', amount: 25_000, phasing: [0, 0, 1, 0, 0, 0] },
      { name: 'PR agency retainer', category: 'agencies', glCode: 'services', amount: 24_000, phasing: even(6) },
      { name: 'Landing page & A/B testing tools', category: 'software', glCode: 'software', amount: 3_600, phasing: even(6) },
    ],
    objectives: [
      { name: 'Launch MQLs', metric: 'MQLs', metricType: 1, targetValue: 600, funnelStage: 'Marketing Qualified Lead', months: [3, 6] },
      { name: 'Press mentions', metric: 'Mentions', metricType: 1, targetValue: 25, months: [3, 4] },
      { name: 'New-product revenue', metric: 'USD', metricType: 2, isRevenue: true, targetValue: 400_000, months: [3, 6] },
    ],
  },
  {
    key: 'trade-show',
    name: 'Trade show / event',
    description: 'Book and design the booth, promote before the show, run it, then nurture the leads.',
    months: 4,
    items: [
      { name: 'Booth space & sponsorship', category: 'events', glCode: 'events', amount: 35_000, phasing: [1, 0, 1, 0] },
      { name: 'Booth design & build', category: 'agencies', glCode: 'services', amount: 18_000, phasing: [0, 1, 1, 0] },
      { name: 'Travel & lodging', category: 'events', glCode: 'events', amount: 12_000, phasing: [0, 0, 1, 0] },
      { name: 'Pre-show promotion', category: 'paidMedia', glCode: 'advertising', amount: 8_000, phasing: [0, 1, 1, 0] },
      { name: 'Lead capture app', category: 'software', glCode: 'software', amount: 1_200, phasing: [0, 0, 1, 0] },
      { name: 'Post-show nurture content', category: 'content', glCode: 'services', amount: 4_000, phasing: [0, 0, 0, 1] },
    ],
    objectives: [
      { name: 'Booth leads', metric: 'Leads', metricType: 1, targetValue: 400, funnelStage: 'Lead', months: [3, 3] },
      { name: 'Meetings booked', metric: 'Meetings', metricType: 1, targetValue: 60, months: [2, 3] },
      { name: 'Event-sourced revenue', metric: 'USD', metricType: 2, isRevenue: true, targetValue: 250_000, months: [3, 4] },
    ],
  },
  {
    key: 'always-on-demand',
    name: 'Always-on demand generation',
    description: 'A year of steady search, social and content spend with webinars every other month, run by one demand manager.',
    months: 12,
    items: [
      { name: 'Search ads', category: 'paidMedia', glCode: 'advertising', amount: 96_000, phasing: even(12) },
      { name: 'Paid social', category: 'paidMedia', glCode: 'advertising', amount: 60_000, phasing: even(12) },
      {
        name: 'Content syndication',
        category: 'paidMedia',
        glCode: 'advertising',
        amount: 30_000,
        phasing: [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0],
      },
      { name: 'Webinar program', category: 'events', glCode: 'events', amount: 12_000, phasing: [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0] },
      { name: 'SEO & blog content', category: 'content', glCode: 'services', amount: 36_000, phasing: even(12) },
      { name: 'Marketing automation platform', category: 'software', glCode: 'software', amount: 24_000, phasing: even(12) },
      { name: 'Demand generation manager', category: 'salaries', glCode: 'payroll', amount: 108_000, phasing: even(12) },
    ],
    objectives: [
      { name: 'Marketing qualified leads', metric: 'MQLs', metricType: 1, targetValue: 2_400, funnelStage: 'Marketing Qualified Lead' },
      { name: 'Website conversion rate', metric: '%', metricType: 3, aggregation: 2, targetValue: 3 },
      { name: 'Marketing-sourced revenue', metric: 'USD', metricType: 2, isRevenue: true, targetValue: 1_200_000 },
    ],
  },
  {
    key: 'account-based',
    name: 'Account-based marketing',
    description: 'Research a named list, reach it with intent data, targeted ads, direct mail and executive dinners each quarter.',
    months: 9,
    items: [
      { name: 'Target account research', category: 'research', glCode: 'services', amount: 9_000, phasing: [1, 1, 0, 0, 0, 0, 0, 0, 0] },
      { name: 'Intent data subscription', category: 'software', glCode: 'software', amount: 30_000, phasing: even(9) },
      { name: 'ABM platform', category: 'software', glCode: 'software', amount: 45_000, phasing: even(9) },
      { name: 'Targeted LinkedIn ads', category: 'paidMedia', glCode: 'advertising', amount: 40_500, phasing: even(9) },
      { name: 'Personalized direct mail', category: 'content', glCode: 'services', amount: 15_000, phasing: [0, 1, 1, 1, 0, 1, 1, 1, 0] },
      { name: 'Executive dinners', category: 'events', glCode: 'events', amount: 24_000, phasing: [0, 0, 1, 0, 0, 1, 0, 0, 1] },
      { name: 'ABM agency', category: 'agencies', glCode: 'services', amount: 27_000, phasing: even(9) },
    ],
    objectives: [
      { name: 'Target accounts engaged', metric: 'Accounts', metricType: 1, aggregation: 2, targetValue: 150 },
      {
        name: 'Opportunities created',
        metric: 'Opportunities',
        metricType: 1,
        targetValue: 40,
        funnelStage: 'Opportunity',
        months: [3, 9],
      },
      { name: 'Revenue from target accounts', metric: 'USD', metricType: 2, isRevenue: true, targetValue: 900_000, months: [4, 9] },
    ],
  },
];

/**
 * `totalCents` split in proportion to `weights`, to the cent: each part is rounded down and the
 * cents left over go one each to the parts with the largest remainders (earliest first on ties).
 */
export const splitByWeights = (totalCents: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (totalCents * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
};
