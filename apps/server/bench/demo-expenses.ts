// The benches' big plan: `count` expenses added in SQL to the demo Owner's live plan with the most
// items, spread over its items, statuses, the plan's open days (after its closed months) and 750 payees
// (seconds, not minutes).
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEMO_USER } from './built-app.ts';

export type DemoPlan = { teamId: string; planId: string };

export const addDemoExpenses = async (database: Database, count: number): Promise<DemoPlan> => {
  const [plan] = await database.queryRows<{ id: string; team_id: string }>(
    `SELECT p.id, p.team_id FROM marketing_plans p JOIN users u ON u.tenant_id = p.tenant_id
      WHERE u.email = $1 AND p.state = 1
      ORDER BY (SELECT count(*) FROM budget_items b WHERE b.marketing_plan_id = p.id) DESC, p.id LIMIT 1`,
    [DEMO_USER],
  );
  if (!plan) throw new Error('The demo seed has no live plan.');
  await database.queryRows(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_order,
       purchase_date, amount_cents, status, category_type, active)
     SELECT p.tenant_id, gen_random_uuid(), p.id, i.id, 'Invoice ' || g, 'Payee ' || (g % 750), 'PO-' || g,
       o.first_day + (g % o.days), 100 + (g * 7919) % 250000, 1 + (g % 10 = 0)::int + (g % 10 > 1)::int * 2,
       c.category_type, true
     FROM generate_series(1, $2::int) AS g
     CROSS JOIN marketing_plans p
     -- The plan's open days: nothing may be dated in a closed month (the demo closes January–October 2026).
     CROSS JOIN LATERAL (SELECT d.first_day, p.end_date - d.first_day + 1 AS days
                           FROM (SELECT coalesce((SELECT max(pp.month) + interval '1 month' FROM plan_periods pp
                                                   WHERE pp.tenant_id = p.tenant_id AND pp.marketing_plan_id = p.id)::date,
                                                 p.start_date) AS first_day) d) o
     JOIN (SELECT b.id, b.budget_category_id, (row_number() OVER (ORDER BY b.id)) - 1 AS n,
                  count(*) OVER () AS items
             FROM budget_items b WHERE b.marketing_plan_id = $1) AS i ON i.n = g % i.items
     JOIN budget_categories c ON c.id = i.budget_category_id
     WHERE p.id = $1`,
    [plan.id, count],
  );
  await database.queryRows('ANALYZE');
  return { teamId: plan.team_id, planId: plan.id };
};

/** addDemoExpenses on the app's data dir, with the app stopped (the benches that start the built app). */
export const addDemoExpensesToDataDir = async (dataDir: string, count: number): Promise<DemoPlan> => {
  const database = await openDatabase({ dataDir });
  try {
    return await addDemoExpenses(database, count);
  } finally {
    await database.close();
  }
};
