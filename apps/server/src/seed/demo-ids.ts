import { STARTER_CATEGORIES, STARTER_FUNNEL_STAGES, STARTER_GL_CODES } from '../modules/starter/index.ts';

/** Fixed ids of the demo tenant (DESIGN.md §8), so every seed part can refer to the others. */
export const DEMO = {
  tenantId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0a01',
  password: 'plansmith-demo-2026',
  users: {
    owner: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b01', email: 'demo@plansmith.test', firstName: 'Dana', lastName: 'Demo', role: 'owner' },
    admin: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b02',
      email: 'admin@plansmith.test',
      firstName: 'Avery',
      lastName: 'Admin',
      role: 'admin',
    },
    member: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b03',
      email: 'member@plansmith.test',
      firstName: 'Morgan',
      lastName: 'Member',
      role: 'member',
    },
    viewer: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b04',
      email: 'viewer@plansmith.test',
      firstName: 'Vic',
      lastName: 'Viewer',
      role: 'member',
    },
  },
  teams: {
    brand: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01', name: 'Brand & Content' },
    demandGen: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c02', name: 'Demand Generation' },
  },
} as const;

const planningId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b${n.toString(16).padStart(4, '0')}`;

type DemoItem = {
  id: string;
  name: string;
  category: keyof typeof DEMO_CATEGORIES;
  /** 1 productive, 2 operational (personnel items are operational). */
  itemType: 1 | 2;
  amountCents: number;
  glCode: keyof typeof DEMO_GL_CODES;
  /** Month numbers 1–12 the amount is phased over, evenly; the last month takes the remainder. */
  months: readonly number[];
};

/** Budget categories of the demo tenant: the starter set (productive 1, operational 2, personnel 3) with fixed ids. */
export const DEMO_CATEGORIES = {
  paidMedia: { id: planningId(0x2101), ...STARTER_CATEGORIES.paidMedia },
  events: { id: planningId(0x2102), ...STARTER_CATEGORIES.events },
  content: { id: planningId(0x2103), ...STARTER_CATEGORIES.content },
  software: { id: planningId(0x2104), ...STARTER_CATEGORIES.software },
  agencies: { id: planningId(0x2105), ...STARTER_CATEGORIES.agencies },
  research: { id: planningId(0x2106), ...STARTER_CATEGORIES.research },
  salaries: { id: planningId(0x2107), ...STARTER_CATEGORIES.salaries },
  contractors: { id: planningId(0x2108), ...STARTER_CATEGORIES.contractors },
} as const;

export const DEMO_GL_CODES = {
  advertising: { id: planningId(0x2201), ...STARTER_GL_CODES.advertising },
  events: { id: planningId(0x2202), ...STARTER_GL_CODES.events },
  software: { id: planningId(0x2203), ...STARTER_GL_CODES.software },
  services: { id: planningId(0x2204), ...STARTER_GL_CODES.services },
  payroll: { id: planningId(0x2205), ...STARTER_GL_CODES.payroll },
} as const;

export const DEMO_FUNNEL_STAGES = {
  visitor: { id: planningId(0x2301), ...STARTER_FUNNEL_STAGES.visitor },
  lead: { id: planningId(0x2302), ...STARTER_FUNNEL_STAGES.lead },
  mql: { id: planningId(0x2303), ...STARTER_FUNNEL_STAGES.mql },
  sql: { id: planningId(0x2304), ...STARTER_FUNNEL_STAGES.sql },
  opportunity: { id: planningId(0x2305), ...STARTER_FUNNEL_STAGES.opportunity },
  customer: { id: planningId(0x2306), ...STARTER_FUNNEL_STAGES.customer },
} as const;

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

const item = (
  n: number,
  name: string,
  category: DemoItem['category'],
  amountDollars: number,
  glCode: DemoItem['glCode'],
  months: readonly number[] = ALL_YEAR,
): DemoItem => ({
  id: planningId(n),
  name,
  category,
  itemType: DEMO_CATEGORIES[category].categoryType === 1 ? 1 : 2,
  amountCents: amountDollars * 100,
  glCode,
  months,
});

/**
 * The demo's live plan (Brand & Content team, 2026): a year of budget items across productive,
 * operational and personnel categories, phased by month. Expense seeds refer to these items;
 * an expense's category type is its item's category's type.
 */
export const DEMO_PLAN = {
  id: planningId(0x2401),
  name: '2026 Marketing Plan',
  teamId: DEMO.teams.brand.id,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  state: 1,
  items: [
    item(0x2501, 'Google Search Ads', 'paidMedia', 120_000, 'advertising'),
    item(0x2502, 'LinkedIn Sponsored Content', 'paidMedia', 84_000, 'advertising'),
    item(0x2503, 'Meta Retargeting', 'paidMedia', 36_000, 'advertising'),
    item(0x2504, 'Programmatic Display', 'paidMedia', 30_000, 'advertising', [3, 4, 5, 6, 9, 10, 11]),
    item(0x2505, 'SaaStr Annual Booth', 'events', 45_000, 'events', [8, 9]),
    item(0x2506, 'Regional Roadshow', 'events', 28_000, 'events', [4, 5, 10]),
    item(0x2507, 'Customer Conference', 'events', 60_000, 'events', [5, 6]),
    item(0x2508, 'Webinar Series', 'events', 9_600, 'events'),
    item(0x2509, 'Blog & SEO Content', 'content', 24_000, 'services'),
    item(0x250a, 'Video Production', 'content', 32_000, 'services', [2, 5, 8, 11]),
    item(0x250b, 'Analyst Report Licensing', 'content', 18_000, 'services', [3]),
    item(0x250c, 'Marketing Automation Platform', 'software', 42_000, 'software'),
    item(0x250d, 'CRM Seats', 'software', 30_000, 'software'),
    item(0x250e, 'Web Analytics Suite', 'software', 14_400, 'software'),
    item(0x250f, 'Design Tools', 'software', 4_800, 'software'),
    item(0x2510, 'PR Agency Retainer', 'agencies', 60_000, 'services'),
    item(0x2511, 'Creative Agency', 'agencies', 48_000, 'services', [1, 2, 3, 7, 8, 9]),
    item(0x2512, 'Customer Survey', 'research', 12_000, 'services', [6]),
    item(0x2513, 'Content Marketing Manager', 'salaries', 96_000, 'payroll'),
    item(0x2514, 'Marketing Ops Specialist', 'salaries', 90_000, 'payroll'),
    item(0x2515, 'Freelance Designers', 'contractors', 36_000, 'payroll'),
    item(0x2516, 'Copywriter', 'contractors', 24_000, 'payroll'),
  ],
} as const;

/** The other demo plans: last year's (archived), a Demand Generation live plan and two templates. */
export const DEMO_OTHER_PLANS = {
  archived: {
    id: planningId(0x2402),
    name: '2025 Marketing Plan',
    teamId: DEMO.teams.brand.id,
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    state: 2,
    items: [
      item(0x2601, 'Google Search Ads', 'paidMedia', 96_000, 'advertising'),
      item(0x2602, 'Trade Show Booth', 'events', 40_000, 'events'),
      item(0x2603, 'Marketing Automation Platform', 'software', 38_000, 'software'),
      item(0x2604, 'Content Marketing Manager', 'salaries', 90_000, 'payroll'),
    ],
  },
  demandGen: {
    id: planningId(0x2403),
    name: 'Demand Generation 2026',
    teamId: DEMO.teams.demandGen.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    state: 1,
    items: [
      item(0x2701, 'Paid Social Lead Gen', 'paidMedia', 54_000, 'advertising'),
      item(0x2702, 'Intent Data Subscription', 'software', 24_000, 'software'),
      item(0x2703, 'Partner Webinars', 'events', 12_000, 'events'),
      item(0x2704, 'SDR Contractor', 'contractors', 48_000, 'payroll'),
    ],
  },
  productLaunchTemplate: {
    id: planningId(0x2404),
    name: 'Product Launch Template',
    teamId: DEMO.teams.brand.id,
    startDate: '2026-01-01',
    endDate: '2026-06-30',
    state: 3,
    items: [
      item(0x2801, 'Launch Paid Media Burst', 'paidMedia', 50_000, 'advertising'),
      item(0x2802, 'Launch Event', 'events', 25_000, 'events'),
      item(0x2803, 'Launch Video', 'content', 15_000, 'services'),
    ],
  },
  eventSeriesTemplate: {
    id: planningId(0x2405),
    name: 'Event Series Template',
    teamId: DEMO.teams.demandGen.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    state: 3,
    items: [
      item(0x2901, 'Venue & Catering', 'events', 30_000, 'events'),
      item(0x2902, 'Event Promotion', 'paidMedia', 12_000, 'advertising'),
      item(0x2903, 'Event Platform', 'software', 6_000, 'software'),
    ],
  },
} as const;

export type DemoSeedOptions = {
  /** Whether the payment sandbox runs: only then does the seed write its objects (see db/migrate.ts). */
  sandbox: boolean;
};
