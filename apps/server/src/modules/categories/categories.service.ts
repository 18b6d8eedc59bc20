import { type BudgetCategory, type BudgetCategorySaveRequestSchema, isNewId } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { diffFields, recordActivity, staleRowError } from '../activities/index.ts';
import { lockTenant } from '../tenants/index.ts';
import * as repo from './categories.repository.ts';

type SaveInput = z.output<typeof BudgetCategorySaveRequestSchema>;

const toCategory = (row: repo.CategoryRow, itemCount: number): BudgetCategory => ({
  Id: row.id,
  Name: row.name,
  Active: row.active,
  CategoryType: row.categoryType,
  SortOrder: row.sortOrder,
  ItemCount: itemCount,
  Version: row.version,
});

/** A category's version as read and as it is now (DESIGN.md §13). */
type VersionRead = { id: string; read: number };

/** The audited fields of a category, for the activity's "before → after". */
const snapshot = (row: repo.CategoryRow) => ({
  name: row.name,
  active: row.active,
  categoryType: row.categoryType,
  sortOrder: row.sortOrder,
});

const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

export const createCategoriesService = (ctx: AppContext) => {
  const currentCategory = async (tx: Db, tenantId: string, id: string): Promise<BudgetCategory | null> => {
    const row = await repo.findCategory(tx, tenantId, id);
    return row ? toCategory(row, await repo.countItemsInCategory(tx, tenantId, id)) : null;
  };

  /**
   * Locks the categories and answers 409 when any was changed since it was read (DESIGN.md §13),
   * before anything is written: a bulk save or delete is all or nothing. `extra` are categories the
   * caller did not read at all (added since), stale too. The 409's Result is the current category,
   * or for `many` the current categories that differ, as an array.
   */
  const checkCategoryVersions = async (
    tx: Db,
    auth: AuthContext,
    reads: VersionRead[],
    options: { many: boolean; locked?: Map<string, number> },
  ): Promise<void> => {
    const locked = options.locked ?? (await repo.lockCategoryVersions(tx, auth.tenantId, [...new Set(reads.map((read) => read.id))]));
    const stale: Array<VersionRead & { current: number }> = [];
    for (const read of reads) {
      const current = locked.get(read.id);
      if (current === undefined) {
        if (options.locked) continue; // DeleteAll: one deleted since is as the caller wants it.
        throw notFound('The budget category');
      }
      if (current !== read.read && !stale.some((entry) => entry.id === read.id)) stale.push({ ...read, current });
    }
    if (options.locked) {
      const listed = new Set(reads.map((read) => read.id));
      for (const [id, current] of locked) if (!listed.has(id)) stale.push({ id, read: 0, current });
    }
    const [first] = stale;
    if (!first) return;
    const rows = (await Promise.all(stale.map((entry) => currentCategory(tx, auth.tenantId, entry.id)))).filter(
      (row): row is BudgetCategory => row !== null,
    );
    throw await staleRowError(tx, auth, {
      entity: 'BudgetCategory',
      id: first.id,
      what: stale.length === 1 && rows[0] ? `the budget category “${rows[0].Name}”` : `${stale.length} of the budget categories`,
      read: first.read,
      current: first.current,
      row: () => (options.many ? rows : (rows[0] ?? null)),
      changedThrough: stale.map((entry) => ({ entityType: 'BudgetCategory', entityId: entry.id })),
    });
  };

  const updatesOf = (inputs: SaveInput[]): VersionRead[] =>
    // The contract requires a Version on update (requireVersionOnUpdate).
    inputs.filter((input) => !isNewId(input.Id)).map((input) => ({ id: input.Id as string, read: input.Version ?? 0 }));

  /** Saves one category inside the caller's transaction, with its audit entry; its version is checked already. */
  const saveOne = async (tx: Db, auth: AuthContext, input: SaveInput, now: Date): Promise<BudgetCategory> => {
    // One save at a time per tenant, so two saves of one name cannot both pass the check.
    await lockTenant(tx, auth.tenantId);
    const sameName = await repo.findCategoryByName(tx, auth.tenantId, input.Name, isNewId(input.Id) ? null : (input.Id as string));
    if (sameName) throw conflict(`A budget category named “${sameName.name}” already exists. Category names must differ (ignoring case).`);
    const base = { tenantId: auth.tenantId, actorId: auth.userId, entityType: 'BudgetCategory' as const, marketingPlanId: null, at: now };
    if (isNewId(input.Id)) {
      // New categories are always active (SPEC.md §5).
      const values = { name: input.Name, active: true, categoryType: input.CategoryType, sortOrder: input.SortOrder ?? 0 };
      const row = await repo.insertCategory(tx, auth.tenantId, newId(), values, now);
      await recordActivity(tx, { ...base, entityId: row.id, action: 'create', name: row.name });
      return toCategory(row, 0);
    }
    const id = input.Id as string;
    const current = await repo.findCategory(tx, auth.tenantId, id);
    if (!current) throw notFound('The budget category');
    const values = {
      name: input.Name,
      active: input.Active ?? current.active,
      categoryType: input.CategoryType,
      sortOrder: input.SortOrder ?? current.sortOrder,
    };
    const row = await repo.updateCategory(tx, auth.tenantId, id, values, now);
    if (!row) throw notFound('The budget category');
    const changes = diffFields(snapshot(current), snapshot(row));
    if (Object.keys(changes).length > 0) await recordActivity(tx, { ...base, entityId: id, action: 'update', name: row.name, changes });
    return toCategory(row, await repo.countItemsInCategory(tx, auth.tenantId, id));
  };

  return {
    list: async (auth: AuthContext): Promise<BudgetCategory[]> =>
      (await repo.listCategories(ctx.db, auth.tenantId)).map((row) => toCategory(row, row.itemCount)),

    save: (auth: AuthContext, input: SaveInput): Promise<BudgetCategory> =>
      ctx.db.transaction(async (tx) => {
        await lockTenant(tx, auth.tenantId);
        await checkCategoryVersions(tx, auth, updatesOf([input]), { many: false });
        return saveOne(tx, auth, input, ctx.clock.now());
      }),

    /** All in one transaction: one bad entry, stale version (or another tenant's id) saves none. */
    saveAll: (auth: AuthContext, inputs: SaveInput[]): Promise<BudgetCategory[]> =>
      ctx.db.transaction(async (tx) => {
        await lockTenant(tx, auth.tenantId);
        await checkCategoryVersions(tx, auth, updatesOf(inputs), { many: true });
        const now = ctx.clock.now();
        const saved: BudgetCategory[] = [];
        for (const input of inputs) saved.push(await saveOne(tx, auth, input, now));
        return saved;
      }),

    delete: (auth: AuthContext, id: string, version: number): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const current = await repo.findCategory(tx, auth.tenantId, id);
        if (!current) throw notFound('The budget category');
        await checkCategoryVersions(tx, auth, [{ id, read: version }], { many: false });
        const inUse = await repo.countItemsInCategory(tx, auth.tenantId, id);
        if (inUse > 0) {
          throw conflict(
            `“${current.name}” cannot be deleted: ${plural(inUse, 'budget item')} ${inUse === 1 ? 'uses' : 'use'} it. Move ${inUse === 1 ? 'that item' : 'those items'} to another category or mark the category inactive.`,
          );
        }
        await repo.deleteCategory(tx, auth.tenantId, id);
        await recordActivity(tx, {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          entityType: 'BudgetCategory',
          entityId: id,
          marketingPlanId: null,
          action: 'delete',
          name: current.name,
          at: ctx.clock.now(),
        });
        return true;
      }),

    /** All or nothing (DESIGN.md §7.9): refused while any category is in use, so no budget loses its category. */
    deleteAll: (auth: AuthContext, read: Array<{ BudgetCategoryId: string; Version: number }> | null): Promise<{ Deleted: number }> =>
      ctx.db.transaction(async (tx) => {
        // POST carries the categories as read; GET (DESIGN.md §7.9) carries no body and checks none.
        if (read) {
          const reads = read.map((entry) => ({ id: entry.BudgetCategoryId, read: entry.Version }));
          await checkCategoryVersions(tx, auth, reads, { many: true, locked: await repo.lockCategoryVersions(tx, auth.tenantId, null) });
        }
        const usage = await repo.countCategoryUsage(tx, auth.tenantId);
        if (usage.items > 0) {
          throw conflict(
            `The categories cannot all be deleted: ${plural(usage.categories, 'category', 'categories')} ${usage.categories === 1 ? 'is' : 'are'} used by ${plural(usage.items, 'budget item')}. Delete the unused categories one by one, or move or delete those items first.`,
          );
        }
        const deleted = await repo.deleteAllCategories(tx, auth.tenantId);
        const now = ctx.clock.now();
        for (const row of deleted) {
          await recordActivity(tx, {
            tenantId: auth.tenantId,
            actorId: auth.userId,
            entityType: 'BudgetCategory',
            entityId: row.id,
            marketingPlanId: null,
            action: 'delete',
            name: row.name,
            at: now,
          });
        }
        return { Deleted: deleted.length };
      }),
  };
};
