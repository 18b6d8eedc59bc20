import type { PivotDefinition } from '@plansmith/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customFields } from '../schema/custom-fields.ts';
import { savedReports } from '../schema/saved-reports.ts';
import { DEMO, DEMO_OTHER_PLANS, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5e-5e<n>, so reseeding finds the same rows. */
const seedId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a5e-5e${n.toString(16).padStart(10, '0')}`;

export const DEMO_SAVED_REPORTS = {
  byQuarter: { id: seedId(1), name: 'Spend by category per quarter' },
  regionVsLastYear: { id: seedId(2), name: 'Region × category vs last year' },
} as const;

/** The demo's budget-item field "Region" (the custom fields part), or null where it is not seeded. */
const findRegionField = async (db: Db): Promise<string | null> => {
  const [field] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.entity, 1), sql`lower(${customFields.name}) = 'region'`))
    .limit(1);
  return field?.id ?? null;
};

/**
 * Two shared reports of the report builder (DESIGN.md §16) owned by the demo's Owner: the plan's
 * spend by category per quarter, and region × category against the year before (by campaign
 * where the tenant has no Region field). Their period is the viewer's own (remembered per person),
 * so a saved report keeps none. Idempotent: a report already there is left as it is.
 */
export const seedDemoSavedReports = async (db: Db): Promise<void> => {
  const region = await findRegionField(db);
  const reports: { id: string; name: string; definition: PivotDefinition }[] = [
    {
      ...DEMO_SAVED_REPORTS.byQuarter,
      definition: {
        MarketingPlanIds: [DEMO_PLAN.id],
        Rows: ['Category'],
        Columns: 'Quarter',
        Measures: ['Actual', 'Committed', 'Budget'],
        Filters: [],
        Compare: 'None',
      },
    },
    {
      ...DEMO_SAVED_REPORTS.regionVsLastYear,
      ...(region ? {} : { name: 'Campaign × category vs last year' }),
      // Last year's plan too: "how much did EMEA spend on events per quarter, against last year?"
      // (issue 33) — the prior year's money is in the 2025 plan.
      definition: {
        MarketingPlanIds: [DEMO_PLAN.id, DEMO_OTHER_PLANS.archived.id],
        Rows: [region ? `Field:${region}` : 'Campaign', 'Category'],
        Columns: 'Quarter',
        Measures: ['Actual', 'Budget'],
        Filters: [],
        Compare: 'PriorYear',
      },
    },
  ];
  await db
    .insert(savedReports)
    .values(
      reports.map((report) => ({
        tenantId,
        id: report.id,
        ownerId: DEMO.users.owner.id,
        name: report.name,
        shared: true,
        definition: report.definition,
      })),
    )
    .onConflictDoNothing();
};
