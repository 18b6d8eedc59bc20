import type { Database } from '../db/client.ts';
import { seedDemoBilling } from './billing.seed.ts';
import { seedDemoCampaigns } from './campaigns.seed.ts';
import { seedDemoCurrencies } from './currencies.seed.ts';
import { seedDemoCustomFields } from './custom-fields.seed.ts';
import { seedDemoFunnels } from './funnels.seed.ts';
import type { DemoSeedOptions } from './demo-ids.ts';
import { seedDemoIdentity } from './identity.seed.ts';
import { seedDemoLastYear } from './last-year.seed.ts';
import { seedDemoMonthClose } from './month-close.seed.ts';
import { seedDemoObjectives } from './objectives.seed.ts';
import { seedDemoPeople } from './people.seed.ts';
import { seedDemoPlanning } from './planning.seed.ts';
import { seedDemoPlaybook } from './playbook.seed.ts';
import { seedDemoSavedReports } from './saved-reports.seed.ts';
import { seedDemoSpending } from './spending.seed.ts';

/**
 * The demo tenant (DESIGN.md §8). Every part is idempotent on its own (fixed ids, inserts that
 * skip existing rows), so a later release can add a part and an old data directory gains it.
 * Parts run in order, all in one transaction.
 */
export const DEMO_SEED_PARTS = [
  seedDemoIdentity,
  seedDemoPlanning,
  seedDemoSpending,
  // Before the custom fields: its expenses take their item's Region too.
  seedDemoLastYear,
  seedDemoPeople,
  seedDemoBilling,
  seedDemoObjectives,
  seedDemoPlaybook,
  seedDemoFunnels,
  // Before the month close: it assigns items to campaigns (budget_items rows only).
  seedDemoCampaigns,
  // Before the month close: it gives the expenses their Region (an expense of a closed month cannot change).
  seedDemoCustomFields,
  seedDemoMonthClose,
  // Last: a saved report names the custom fields seeded before it.
  seedDemoSavedReports,
  // The EMEA plan in EUR and a year of EUR and GBP rates (issue 34): its own plan, after the rest, so
  // the parts before it seed a database from before migration 1070 too (the currencies' migration check).
  seedDemoCurrencies,
];

export const seedDemo = async (database: Database, options: DemoSeedOptions): Promise<void> => {
  await database.withExclusiveLock(() =>
    database.db.transaction(async (tx) => {
      for (const part of DEMO_SEED_PARTS) await part(tx, options);
    }),
  );
};
