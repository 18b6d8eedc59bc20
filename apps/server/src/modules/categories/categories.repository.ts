import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersions } from '../../db/row-versions.ts';
import { budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';

export type CategoryRow = typeof budgetCategories.$inferSelect;
export type CategoryValues = Pick<CategoryRow, 'name' | 'active' | 'categoryType' | 'sortOrder'>;
export type CategoryWithUsage = CategoryRow & { itemCount: number };

// Written out with aliases: inside a one-table select Drizzle leaves columns unqualified.
const itemCount = sql<number>`(
  SELECT count(*)::int FROM budget_items bi
  WHERE bi.tenant_id = "budget_categories"."tenant_id" AND bi.budget_category_id = "budget_categories"."id"
)`.mapWith(Number);

export const listCategories = (db: Db, tenantId: string): Promise<CategoryWithUsage[]> =>
  db
    .select({
      tenantId: budgetCategories.tenantId,
      id: budgetCategories.id,
      name: budgetCategories.name,
      active: budgetCategories.active,
      categoryType: budgetCategories.categoryType,
      sortOrder: budgetCategories.sortOrder,
      createdAt: budgetCategories.createdAt,
      updatedAt: budgetCategories.updatedAt,
      version: budgetCategories.version,
      itemCount,
    })
    .from(budgetCategories)
    .where(eq(budgetCategories.tenantId, tenantId))
    .orderBy(asc(budgetCategories.sortOrder), asc(budgetCategories.name));

export const findCategory = async (db: Db, tenantId: string, id: string): Promise<CategoryRow | null> => {
  const [row] = await db
    .select()
    .from(budgetCategories)
    .where(and(eq(budgetCategories.tenantId, tenantId), eq(budgetCategories.id, id)))
    .limit(1);
  return row ?? null;
};

/** Another category of the tenant with this name, compared case-insensitively and trimmed. */
export const findCategoryByName = async (db: Db, tenantId: string, name: string, exceptId: string | null): Promise<CategoryRow | null> => {
  const [row] = await db
    .select()
    .from(budgetCategories)
    .where(
      and(
        eq(budgetCategories.tenantId, tenantId),
        sql`lower(btrim(${budgetCategories.name})) = lower(btrim(${name}))`,
        exceptId ? sql`${budgetCategories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
};

export const insertCategory = async (db: Db, tenantId: string, id: string, values: CategoryValues, now: Date): Promise<CategoryRow> => {
  const [row] = await db
    .insert(budgetCategories)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateCategory = async (
  db: Db,
  tenantId: string,
  id: string,
  values: CategoryValues,
  now: Date,
): Promise<CategoryRow | null> => {
  const [row] = await db
    .update(budgetCategories)
    .set({ ...values, updatedAt: now })
    .where(and(eq(budgetCategories.tenantId, tenantId), eq(budgetCategories.id, id)))
    .returning();
  return row ?? null;
};

/**
 * The versions of the tenant's categories among `ids` (null: all of them), locked until the
 * transaction ends (DESIGN.md §13); a category that is gone is missing from the answer.
 */
export const lockCategoryVersions = async (db: Db, tenantId: string, ids: string[] | null): Promise<Map<string, number>> => {
  if (ids && ids.length === 0) return new Map();
  const rows = await lockVersions(
    db,
    budgetCategories,
    budgetCategories.version,
    { id: budgetCategories.id },
    and(eq(budgetCategories.tenantId, tenantId), ids ? inArray(budgetCategories.id, ids) : undefined) as SQL,
  );
  return new Map(rows.map((row) => [String(row.id), row.version]));
};

export const deleteCategory = async (db: Db, tenantId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(budgetCategories)
    .where(and(eq(budgetCategories.tenantId, tenantId), eq(budgetCategories.id, id)))
    .returning({ id: budgetCategories.id });
  return rows.length > 0;
};

export const countItemsInCategory = async (db: Db, tenantId: string, categoryId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.budgetCategoryId, categoryId)));
  return Number(row?.n ?? 0);
};

/** How many of the tenant's categories are in use, and by how many items in all. */
export const countCategoryUsage = async (db: Db, tenantId: string): Promise<{ categories: number; items: number }> => {
  const [row] = await db
    .select({ categories: sql<number>`count(DISTINCT ${budgetItems.budgetCategoryId})`.mapWith(Number), items: count() })
    .from(budgetItems)
    .where(eq(budgetItems.tenantId, tenantId));
  return { categories: Number(row?.categories ?? 0), items: Number(row?.items ?? 0) };
};

export const deleteAllCategories = async (db: Db, tenantId: string): Promise<CategoryRow[]> =>
  db.delete(budgetCategories).where(eq(budgetCategories.tenantId, tenantId)).returning();
