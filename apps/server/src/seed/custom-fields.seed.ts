import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customFields } from '../schema/custom-fields.ts';
import { DEMO } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5c-cf<n>, so reseeding finds the same rows. */
const seedId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a5c-cf${n.toString(16).padStart(10, '0')}`;

export const DEMO_CUSTOM_FIELDS = {
  itemRegion: { id: seedId(1), entity: 1, name: 'Region', type: 4, options: ['EMEA', 'NA', 'APAC'], position: 0 },
  itemChannel: { id: seedId(2), entity: 1, name: 'Channel', type: 5, options: ['Web', 'Email', 'Events', 'Social'], position: 1 },
  expenseRegion: { id: seedId(3), entity: 2, name: 'Region', type: 4, options: ['EMEA', 'NA', 'APAC'], position: 0 },
} as const;

/**
 * The demo's custom fields (DESIGN.md §16): "Region" (EMEA, NA, APAC) on budget items and on
 * expenses, and the tags "Channel" on budget items, none required. Values go in when the fields are
 * made (never again, so a value someone cleared stays cleared): each item a region and channels of
 * its own (from its name, the same on every machine), each expense its item's region. Runs before
 * the month close part: an expense dated in a closed month cannot change afterwards (an old data
 * directory whose months are closed already gets values on its open months' expenses only).
 */
export const seedDemoCustomFields = async (db: Db): Promise<void> => {
  const made = await db
    .insert(customFields)
    .values(Object.values(DEMO_CUSTOM_FIELDS).map((field) => ({ tenantId, ...field, options: [...field.options] })))
    .onConflictDoNothing()
    .returning({ id: customFields.id });
  const madeNow = new Set(made.map((row) => row.id));
  const { itemRegion, itemChannel, expenseRegion } = DEMO_CUSTOM_FIELDS;
  if (madeNow.has(itemRegion.id)) {
    await db.execute(sql`
      UPDATE budget_items SET custom_fields = custom_fields || jsonb_build_object(
        ${itemRegion.id}::text, (ARRAY['EMEA', 'NA', 'APAC'])[1 + abs(hashtext(name)) % 3])
      WHERE tenant_id = ${tenantId}`);
  }
  if (madeNow.has(itemChannel.id)) {
    await db.execute(sql`
      UPDATE budget_items SET custom_fields = custom_fields || jsonb_build_object(
        ${itemChannel.id}::text,
        CASE abs(hashtext(name || ' channel')) % 4
          WHEN 0 THEN '["Web"]'::jsonb WHEN 1 THEN '["Web", "Email"]'::jsonb
          WHEN 2 THEN '["Events"]'::jsonb ELSE '["Email", "Social"]'::jsonb END)
      WHERE tenant_id = ${tenantId}`);
  }
  if (madeNow.has(expenseRegion.id)) {
    await db.execute(sql`
      UPDATE expenses e SET custom_fields = e.custom_fields || jsonb_build_object(${expenseRegion.id}::text, bi.custom_fields -> ${itemRegion.id}::text)
      FROM budget_items bi
      WHERE e.tenant_id = ${tenantId} AND bi.tenant_id = e.tenant_id AND bi.id = e.budget_item_id
        AND bi.custom_fields ? ${itemRegion.id}::text
        AND NOT EXISTS (
          SELECT 1 FROM plan_periods p
           WHERE p.tenant_id = e.tenant_id AND p.marketing_plan_id = e.marketing_plan_id
             AND p.month = date_trunc('month', e.purchase_date::timestamp)::date)`);
  }
};
