import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { expenseViews } from '../../schema/expense-views.ts';
import { users } from '../../schema/tenants.ts';

export type ExpenseViewRow = typeof expenseViews.$inferSelect;
export type ExpenseViewValues = { name: string; filters: Record<string, unknown>; columns: string[] };

/** Every statement names the tenant and the owner: a view is private to the person who saved it. */
const own = (tenantId: string, userId: string) => and(eq(expenseViews.tenantId, tenantId), eq(expenseViews.userId, userId));

export const listOwnViews = (db: Db, tenantId: string, userId: string): Promise<ExpenseViewRow[]> =>
  db
    .select()
    .from(expenseViews)
    .where(own(tenantId, userId))
    .orderBy(asc(sql`lower(${expenseViews.name})`), asc(expenseViews.createdAt));

export const findOwnView = async (db: Db, tenantId: string, userId: string, id: string): Promise<ExpenseViewRow | null> => {
  const [row] = await db
    .select()
    .from(expenseViews)
    .where(and(own(tenantId, userId), eq(expenseViews.id, id)))
    .limit(1);
  return row ?? null;
};

/** The owner's view's version, locked until the transaction ends; null when it is not theirs or gone. */
export const lockOwnViewVersion = (db: Db, tenantId: string, userId: string, id: string): Promise<number | null> =>
  lockVersion(db, expenseViews, expenseViews.version, and(own(tenantId, userId), eq(expenseViews.id, id)) ?? sql`false`);

/** Another of the owner's views with this name (ignoring case), if any. */
export const findOwnViewByName = async (
  db: Db,
  tenantId: string,
  userId: string,
  name: string,
  exceptId: string | null,
): Promise<{ name: string } | null> => {
  const [row] = await db
    .select({ name: expenseViews.name })
    .from(expenseViews)
    .where(
      and(own(tenantId, userId), sql`lower(${expenseViews.name}) = lower(${name})`, exceptId ? ne(expenseViews.id, exceptId) : undefined),
    )
    .limit(1);
  return row ?? null;
};

export const countOwnViews = async (db: Db, tenantId: string, userId: string): Promise<number> => {
  const [row] = await db.select({ count: count() }).from(expenseViews).where(own(tenantId, userId));
  return Number(row?.count ?? 0);
};

export const insertView = async (db: Db, tenantId: string, userId: string, id: string, values: ExpenseViewValues, now: Date) => {
  await db.insert(expenseViews).values({ tenantId, id, userId, ...values, createdAt: now, updatedAt: now });
};

export const updateView = async (db: Db, tenantId: string, userId: string, id: string, values: ExpenseViewValues, now: Date) => {
  await db
    .update(expenseViews)
    .set({ ...values, updatedAt: now })
    .where(and(own(tenantId, userId), eq(expenseViews.id, id)));
};

export const deleteView = async (db: Db, tenantId: string, userId: string, id: string) => {
  await db.delete(expenseViews).where(and(own(tenantId, userId), eq(expenseViews.id, id)));
};

/** The owner's name, for a stale write's message (only the owner changes a view). */
export const findOwnerName = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
};
