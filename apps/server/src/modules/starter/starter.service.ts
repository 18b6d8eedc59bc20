import { NEW_PLAN_LENGTH_DAYS, planNameForDates } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { lookups } from '../../schema/lookups.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { STARTER_CATEGORIES, STARTER_FUNNEL_STAGES, STARTER_GL_CODES } from './starter-set.ts';

/** `timeZone`: the new tenant's; the first plan starts on today there (issue 28 A4). */
export type NewAccount = { tenantId: string; teamId: string; ownerId: string; now: Date; timeZone: string };

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * What a new account needs to budget at once (DESIGN.md §12): the suggested categories, GL codes
 * and funnel stages, and a first live plan for the first team. Call inside the sign-up transaction.
 */
export const createStarterData = async (tx: Db, account: NewAccount): Promise<{ planId: string }> => {
  const { tenantId, now } = account;
  await tx
    .insert(budgetCategories)
    .values(Object.values(STARTER_CATEGORIES).map((category) => ({ tenantId, id: newId(), ...category, createdAt: now, updatedAt: now })));
  await tx.insert(lookups).values([
    ...Object.values(STARTER_GL_CODES).map((code) => ({
      tenantId,
      id: newId(),
      ...code,
      lookupType: 1 as const,
      createdAt: now,
      updatedAt: now,
    })),
    ...Object.values(STARTER_FUNNEL_STAGES).map((stage) => ({
      tenantId,
      id: newId(),
      ...stage,
      lookupType: 2 as const,
      createdAt: now,
      updatedAt: now,
    })),
  ]);
  const planId = newId();
  const today = todayInZone(account.timeZone, now);
  await tx.insert(marketingPlans).values({
    tenantId,
    id: planId,
    teamId: account.teamId,
    // The name says the dates ("Plan Nov 2026 – Nov 2027", "FY2027 plan"), not only the year it starts in.
    name: planNameForDates(today, addDays(today, NEW_PLAN_LENGTH_DAYS)),
    description: null,
    state: 1,
    startDate: today,
    endDate: addDays(today, NEW_PLAN_LENGTH_DAYS),
    createdBy: account.ownerId,
    createdAt: now,
    updatedAt: now,
  });
  // Hook: the starter plays of DESIGN.md §9 are created here, in this transaction, once the playbook exists.
  return { planId };
};
