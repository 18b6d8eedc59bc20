import { NEW_PLAN_LENGTH_DAYS } from '@plansmith/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { lookups } from '../../schema/lookups.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { STARTER_CATEGORIES, STARTER_FUNNEL_STAGES, STARTER_GL_CODES } from './starter-set.ts';

export type NewAccount = { tenantId: string; teamId: string; ownerId: string; now: Date };

const DAY_MS = 86_400_000;
const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

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
  await tx.insert(marketingPlans).values({
    tenantId,
    id: planId,
    teamId: account.teamId,
    name: `${now.getUTCFullYear()} Marketing Plan`,
    description: null,
    state: 1,
    startDate: isoDate(now),
    endDate: isoDate(new Date(now.getTime() + NEW_PLAN_LENGTH_DAYS * DAY_MS)),
    createdBy: account.ownerId,
    createdAt: now,
    updatedAt: now,
  });
  // Hook: the starter plays of DESIGN.md §9 are created here, in this transaction, once the playbook exists.
  return { planId };
};
