import { monthsBetween } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import type { PlanRow } from '../access/index.ts';
import { type BudgetChangeRow, budgetChangesOf, type ItemBudget } from '../baseline/index.ts';

/**
 * The budgets of the items an import created, as they stand (Amount and month cells, YYYY-MM-01),
 * in the file's row order: one statement, whatever the number of rows.
 */
const importedItemBudgets = async (db: Db, tenantId: string, importId: string): Promise<ItemBudget[]> => {
  const rows = await selectRows<{ id: string; name: string; amount_cents: unknown; months: { month: string; cents: unknown }[] | null }>(
    db,
    sql`SELECT bi.id, bi.name, bi.amount_cents,
               (SELECT json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM-DD'), 'cents', m.amount_cents) ORDER BY m.month)
                  FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id) AS months
        FROM import_rows r
        JOIN budget_items bi ON bi.tenant_id = r.tenant_id AND bi.id = r.entity_id
        WHERE r.tenant_id = ${tenantId} AND r.import_id = ${importId}
        ORDER BY r.source_row`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    amountCents: cents(row.amount_cents),
    months: (row.months ?? []).map((month) => ({ month: month.month, amountCents: cents(month.cents) })),
  }));
};

/**
 * What a budget-items import did (`created`: its items appeared) or what its undo does (they go), as
 * budget change rows (DESIGN.md §14): the same rows BudgetItemClient/Save and Delete keep for one item.
 */
export const importBudgetChanges = async (
  db: Db,
  tenantId: string,
  plan: Pick<PlanRow, 'startDate' | 'endDate'>,
  importId: string,
  direction: 'created' | 'removed',
): Promise<BudgetChangeRow[]> => {
  const planMonths = monthsBetween(plan.startDate, plan.endDate);
  const items = await importedItemBudgets(db, tenantId, importId);
  return items.flatMap((item) =>
    direction === 'created' ? budgetChangesOf(planMonths, null, item) : budgetChangesOf(planMonths, item, null),
  );
};
