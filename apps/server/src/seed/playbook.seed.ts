import type { Db } from '../db/client.ts';
import { createStarterPlays } from '../modules/playbook/index.ts';
import { DEMO } from './demo-ids.ts';

/**
 * The demo tenant's starter library (DESIGN.md §9), from the same data sign-up uses, in the Brand &
 * Content team and starting with the demo's 2026 year. createStarterPlays skips plays the tenant
 * already has, so reseeding adds nothing.
 */
export const seedDemoPlaybook = async (db: Db): Promise<void> => {
  await createStarterPlays(db, {
    tenantId: DEMO.tenantId,
    teamId: DEMO.teams.brand.id,
    createdBy: DEMO.users.owner.id,
    startMonth: '2026-01-01',
    now: new Date('2026-01-02T09:00:00Z'),
  });
};
