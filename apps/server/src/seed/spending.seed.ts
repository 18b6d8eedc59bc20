import { formatMinorIn } from '@plansmith/contract/display-format';
import { activities } from '../schema/activities.ts';
import { comments } from '../schema/comments.ts';
import { type ExpenseStatus, expenses } from '../schema/expenses.ts';
import type { Db } from '../db/client.ts';
import { DEMO, DEMO_CATEGORIES, DEMO_GL_CODES, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a52-<kind><n>, so reseeding finds the same rows. */
const seedId = (kind: 'e' | 'c' | 'a', n: number): string =>
  `6b1f3c2e-0d4a-4f7e-9a52-${({ e: '0e', c: '0c', a: '0a' } as const)[kind]}${n.toString(16).padStart(10, '0')}`;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Who gets paid for each item of the demo plan. */
const PAYEES: Record<string, string> = {
  'Google Search Ads': 'Google Ads',
  'LinkedIn Sponsored Content': 'LinkedIn Marketing Solutions',
  'Meta Retargeting': 'Meta Platforms',
  'Programmatic Display': 'The Trade Desk',
  'SaaStr Annual Booth': 'SaaStr Events',
  'Regional Roadshow': 'Venue Partners Inc.',
  'Customer Conference': 'Moscone Center',
  'Webinar Series': 'ON24',
  'Blog & SEO Content': 'Wordsmith Content Co.',
  'Video Production': 'Bright Frame Studios',
  'Analyst Report Licensing': 'Gartner',
  'Marketing Automation Platform': 'HubSpot',
  'CRM Seats': 'Salesforce',
  'Web Analytics Suite': 'Amplitude',
  'Design Tools': 'Figma',
  'PR Agency Retainer': 'Brightline PR',
  'Creative Agency': 'North Star Creative',
  'Customer Survey': 'Qualtrics',
  'Content Marketing Manager': 'ADP Payroll',
  'Marketing Ops Specialist': 'ADP Payroll',
  'Freelance Designers': 'Upwork',
  Copywriter: 'Upwork',
};

/** A deterministic number in [0, 1) from two integers (no randomness: the seed is the same every time). */
const noise = (a: number, b: number): number => {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/** The same phasing the planning seed uses: even shares, the last month takes the remainder. */
const monthShare = (amountCents: number, months: readonly number[], month: number): number => {
  const share = Math.floor(amountCents / months.length);
  return months[months.length - 1] === month ? amountCents - share * (months.length - 1) : share;
};

type SeedExpense = typeof expenses.$inferInsert & { id: string; amountCents: number; purchaseDate: string };

/**
 * A year of the 2026 plan's spending: actual spend for January to October at 80–104 % of each
 * month's phasing, November partly actual and partly committed (some of it overdue), December
 * planned and committed. A few commitments from earlier months are still open (overdue).
 */
export const buildDemoExpenses = (): SeedExpense[] => {
  const rows: SeedExpense[] = [];
  DEMO_PLAN.items.forEach((item, itemIndex) => {
    const categoryType = DEMO_CATEGORIES[item.category].categoryType;
    for (const month of item.months) {
      const n = rows.length;
      const r = noise(itemIndex + 1, month);
      let status: ExpenseStatus = 3;
      if (month === 12) status = r < 0.3 ? 2 : 1;
      else if (month === 11) status = r < 0.5 ? 3 : 2;
      else if (month >= 9 && r > 0.9) status = 2;
      const day = status === 1 ? 10 + Math.floor(r * 15) : month === 11 ? 2 + Math.floor(r * 15) : 3 + Math.floor(r * 24);
      const factor = status === 3 ? 0.8 + Math.floor(r * 25) / 100 : 1;
      const amountCents = Math.round((monthShare(item.amountCents, item.months, month) * factor) / 100) * 100 + (n % 7) * 13;
      const mm = String(month).padStart(2, '0');
      const purchaseDate = `2026-${mm}-${String(day).padStart(2, '0')}`;
      const createdAt = new Date(`${status === 3 || month < 11 ? purchaseDate : '2026-11-02'}T15:00:00Z`);
      rows.push({
        tenantId,
        id: seedId('e', n + 1),
        marketingPlanId: DEMO_PLAN.id,
        budgetItemId: item.id,
        generalLedgerCodeId: DEMO_GL_CODES[item.glCode].id,
        name: `${item.name} — ${MONTH_NAMES[month - 1]}`,
        payee: PAYEES[item.name] ?? null,
        description: status === 3 ? null : 'Awaiting invoice',
        purchaseOrder: categoryType === 3 ? null : `PO-26${mm}-${String(n + 1).padStart(3, '0')}`,
        purchaseDate,
        amountCents,
        status,
        categoryType,
        active: true,
        createdBy: n % 3 === 0 ? DEMO.users.owner.id : DEMO.users.member.id,
        createdAt,
        updatedAt: createdAt,
      });
    }
  });
  return rows;
};

const STATUS_WORDS = { 1: 'planned', 2: 'committed', 3: 'actual' } as const;

const item = (name: string) => {
  const found = DEMO_PLAN.items.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`demo item ${name} is missing`);
  return found;
};

/** Comments on the plan, two items and an expense, by different people. */
const buildComments = (expenseIds: string[]) => {
  const rows: (typeof comments.$inferInsert)[] = [];
  const add = (entityType: string, entityId: string, authorId: string, description: string, at: string) =>
    rows.push({
      tenantId,
      id: seedId('c', rows.length + 1),
      entityType,
      entityId,
      marketingPlanId: DEMO_PLAN.id,
      authorId,
      description,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
  const { owner, admin, member } = DEMO.users;
  add('MarketingPlan', DEMO_PLAN.id, owner.id, 'Plan approved by the CMO. Q3 events budget is final.', '2026-01-06T16:20:00Z');
  add('MarketingPlan', DEMO_PLAN.id, member.id, 'Paid media is pacing ahead of plan — reviewing bids weekly.', '2026-06-12T09:05:00Z');
  add('BudgetItem', item('Google Search Ads').id, member.id, 'Shifted 10% of budget to brand terms in April.', '2026-04-02T14:00:00Z');
  add('BudgetItem', item('Google Search Ads').id, admin.id, 'Good call. Keep CPA under $180.', '2026-04-02T17:30:00Z');
  add('BudgetItem', item('SaaStr Annual Booth').id, owner.id, 'Booth contract signed; deposit paid in August.', '2026-08-05T11:00:00Z');
  const firstExpense = expenseIds[0];
  if (firstExpense) add('Expense', firstExpense, member.id, 'Invoice received and matched to the PO.', '2026-01-25T10:00:00Z');
  return rows;
};

/** A year of expenses on the demo plan, comments, and the audit trail they imply (idempotent). */
export const seedDemoSpending = async (db: Db): Promise<void> => {
  const rows = buildDemoExpenses();
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insert(expenses)
      .values(rows.slice(start, start + 200))
      .onConflictDoNothing();
  }
  const trail = rows.map((row, index) => ({
    tenantId,
    id: seedId('a', index + 1),
    entityType: 'Expense',
    entityId: row.id,
    marketingPlanId: DEMO_PLAN.id,
    actorId: row.createdBy ?? null,
    action: 'create' as const,
    name: row.name,
    description: `Recorded ${formatMinorIn('en-US', row.amountCents, 'USD')} ${STATUS_WORDS[row.status ?? 3]}, against ${
      DEMO_PLAN.items.find((candidate) => candidate.id === row.budgetItemId)?.name ?? 'an item'
    }${row.payee ? `, paid to ${row.payee}` : ''}`,
    createdAt: row.createdAt ?? new Date(`${row.purchaseDate}T15:00:00Z`),
  }));
  for (let start = 0; start < trail.length; start += 200) {
    await db
      .insert(activities)
      .values(trail.slice(start, start + 200))
      .onConflictDoNothing();
  }
  await db
    .insert(comments)
    .values(buildComments(rows.map((row) => row.id)))
    .onConflictDoNothing();
};
