import { monthsBetween } from '@plansmith/contract';
import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { budgetItemMonths, budgetItems } from '../schema/budget.ts';
import { fxRates } from '../schema/currencies.ts';
import { expenses } from '../schema/expenses.ts';
import { marketingPlans } from '../schema/plans.ts';
import { DEMO, DEMO_CATEGORIES, DEMO_GL_CODES } from './demo-ids.ts';

// Currencies in the demo (DESIGN.md §17, issue 34): a Berlin-run EMEA plan budgeted in EUR, spending in
// EUR and GBP, read in the tenant's base currency (USD) everywhere else. A year of monthly rates for both.

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5d-<n>, so reseeding finds the same rows. */
const seedId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a5d-${n.toString(16).padStart(12, '0')}`;

/** 1 EUR / 1 GBP in USD, January–December 2026 (plausible monthly averages). */
export const DEMO_RATES: Record<'EUR' | 'GBP', readonly string[]> = {
  EUR: ['1.0350', '1.0420', '1.0810', '1.1350', '1.1280', '1.1520', '1.1690', '1.1640', '1.1730', '1.1610', '1.1580', '1.1600'],
  GBP: ['1.2360', '1.2560', '1.2920', '1.3210', '1.3350', '1.3580', '1.3520', '1.3450', '1.3490', '1.3330', '1.3150', '1.3200'],
};

type EmeaItem = {
  id: string;
  name: string;
  category: keyof typeof DEMO_CATEGORIES;
  glCode: keyof typeof DEMO_GL_CODES;
  /** Euro cents. */
  amountMinor: number;
  /** Month numbers 1–12 it is phased over, evenly; the last month takes the remainder. */
  months: readonly number[];
};

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The EMEA plan (Demand Generation's, 2026, in EUR): its items are in EUR; its expenses in EUR and GBP. */
export const DEMO_EMEA_PLAN = {
  id: seedId(1),
  name: 'EMEA 2026',
  teamId: DEMO.teams.demandGen.id,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  currency: 'EUR' as CurrencyCode,
  items: [
    { id: seedId(0x101), name: 'DACH Paid Search', category: 'paidMedia', glCode: 'advertising', amountMinor: 3_600_000, months: ALL_YEAR },
    { id: seedId(0x102), name: 'Berlin Trade Fair', category: 'events', glCode: 'events', amountMinor: 4_800_000, months: [5, 6] },
    { id: seedId(0x103), name: 'UK & Ireland Events', category: 'events', glCode: 'events', amountMinor: 2_200_000, months: [4, 10] },
    {
      id: seedId(0x104),
      name: 'Localisation & Translation',
      category: 'content',
      glCode: 'services',
      amountMinor: 1_800_000,
      months: [2, 5, 8, 11],
    },
  ] satisfies EmeaItem[],
  /** Own amounts in minor units of their currency, converted at the purchase month's rate by the database. */
  expenses: [
    {
      id: seedId(0x201),
      item: 0x101,
      name: 'Google Ads DE — March',
      payee: 'Google Ireland',
      currency: 'EUR',
      amountMinor: 298_040,
      purchaseDate: '2026-03-31',
      status: 3,
    },
    {
      id: seedId(0x202),
      item: 0x102,
      name: 'Messe Berlin — stand deposit',
      payee: 'Messe Berlin GmbH',
      currency: 'EUR',
      amountMinor: 1_250_000,
      purchaseDate: '2026-05-12',
      status: 3,
    },
    {
      id: seedId(0x203),
      item: 0x103,
      name: 'Shoreditch venue hire',
      payee: 'Shoreditch Studios Ltd',
      currency: 'GBP',
      amountMinor: 420_000,
      purchaseDate: '2026-04-16',
      status: 3,
    },
    {
      id: seedId(0x204),
      item: 0x103,
      name: 'Dublin meetup catering',
      payee: 'Fallon & Byrne',
      currency: 'EUR',
      amountMinor: 186_550,
      purchaseDate: '2026-10-08',
      status: 3,
    },
    {
      id: seedId(0x205),
      item: 0x104,
      name: 'UK copy review',
      payee: 'Wordsmiths London',
      currency: 'GBP',
      amountMinor: 64_050,
      purchaseDate: '2026-08-19',
      status: 2,
    },
  ] as const satisfies readonly {
    id: string;
    item: number;
    name: string;
    payee: string;
    currency: CurrencyCode;
    amountMinor: number;
    purchaseDate: string;
    status: 1 | 2 | 3;
  }[],
} as const;

/** An amount spread evenly over the given months of 2026; the last month takes the remainder. */
const phase = (amountMinor: number, months: readonly number[]) => {
  const share = Math.floor(amountMinor / months.length);
  return months.map((month, index) => ({
    month: `2026-${String(month).padStart(2, '0')}-01`,
    amountMinor: index === months.length - 1 ? amountMinor - share * (months.length - 1) : share,
  }));
};

/**
 * The rates first: every foreign row's base amount is the triggers' (migration 1070), at the purchase
 * month's rate for an expense and the plan's budget rate (today's month, the plan being unlocked; the
 * latest rate on or before it) for a budget. Writers give amount_cents 0 and the trigger replaces it.
 */
export const seedDemoCurrencies = async (db: Db): Promise<void> => {
  const months = monthsBetween('2026-01-01', '2026-12-31');
  await db
    .insert(fxRates)
    .values(
      (Object.keys(DEMO_RATES) as ('EUR' | 'GBP')[]).flatMap((currency) =>
        months.map((month, index) => ({
          tenantId,
          currency,
          month: `${month}-01`,
          rate: DEMO_RATES[currency][index] as string,
          updatedBy: DEMO.users.owner.id,
        })),
      ),
    )
    .onConflictDoNothing();
  // A plan whose baseline is locked budgets at the rate of its lock month (DESIGN.md §17): the demo plan's
  // was locked in January 2026 (month-close.seed.ts), so its actuals in EUR show an FX variance.
  await db.execute(
    sql`SELECT plansmith_set_budget_rate_month(p.tenant_id, p.id, date_trunc('month', p.baseline_locked_at)::date)
          FROM marketing_plans p WHERE p.tenant_id = ${tenantId} AND p.baseline_locked_at IS NOT NULL`,
  );
  const plan = DEMO_EMEA_PLAN;
  await db
    .insert(marketingPlans)
    .values({
      tenantId,
      id: plan.id,
      teamId: plan.teamId,
      name: plan.name,
      description: 'Run from Berlin: budgets in EUR, spending in EUR and GBP, every total in USD.',
      state: 1,
      startDate: plan.startDate,
      endDate: plan.endDate,
      currency: plan.currency,
      createdBy: DEMO.users.owner.id,
    })
    .onConflictDoNothing();
  await db
    .insert(budgetItems)
    .values(
      plan.items.map((item) => ({
        tenantId,
        id: item.id,
        marketingPlanId: plan.id,
        budgetCategoryId: DEMO_CATEGORIES[item.category].id,
        generalLedgerCodeId: DEMO_GL_CODES[item.glCode].id,
        name: item.name,
        currency: plan.currency,
        amountMinor: item.amountMinor,
        amountCents: 0,
        itemType: DEMO_CATEGORIES[item.category].categoryType === 1 ? (1 as const) : (2 as const),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(budgetItemMonths)
    .values(
      plan.items.flatMap((item) =>
        phase(item.amountMinor, item.months).map((month) => ({
          tenantId,
          budgetItemId: item.id,
          month: month.month,
          amountMinor: month.amountMinor,
          amountCents: 0,
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(expenses)
    .values(
      plan.expenses.map((expense) => {
        const item = plan.items.find((candidate) => candidate.id === seedId(expense.item)) as EmeaItem;
        const createdAt = new Date(`${expense.purchaseDate}T14:00:00Z`);
        return {
          tenantId,
          id: expense.id,
          marketingPlanId: plan.id,
          budgetItemId: item.id,
          generalLedgerCodeId: DEMO_GL_CODES[item.glCode].id,
          name: expense.name,
          payee: expense.payee,
          purchaseDate: expense.purchaseDate,
          currency: expense.currency,
          amountMinor: expense.amountMinor,
          amountCents: 0,
          status: expense.status,
          categoryType: DEMO_CATEGORIES[item.category].categoryType,
          active: true,
          createdBy: DEMO.users.owner.id,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing();
};
