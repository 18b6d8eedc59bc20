import { isNewId, LOOKUP_TYPE_GL_CODE, type Lookup } from '@plansmith/contract';
import type { z } from 'zod';
import type { LookupSaveRequestSchema } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertVersion } from '../activities/index.ts';
import * as repo from './lookups.repository.ts';

const toLookup = (row: repo.LookupRow): Lookup => ({
  Id: row.id,
  Name: row.name,
  Active: row.active,
  SortOrder: row.sortOrder,
  LookupType: row.lookupType,
  CategoryType: row.categoryType ?? null,
  Version: row.version,
});

/**
 * Locks the entry and answers 409 with it as it is now when the version the caller read is not its
 * version (DESIGN.md §13), naming its last writer (the entry's own changed_by: lookups keep no trail).
 */
const checkLookupVersion = async (tx: Db, auth: AuthContext, row: repo.LookupRow, read: number): Promise<void> => {
  const current = await repo.lockLookupVersion(tx, auth.tenantId, row.id);
  if (current === null) throw notFound('The lookup entry');
  // Read once for both the 409's row and its writer.
  let reading: Promise<repo.LookupRow | null> | undefined;
  const now = () => {
    reading ??= repo.findLookup(tx, auth.tenantId, row.id);
    return reading;
  };
  await assertVersion(tx, auth, {
    entity: 'Lookup',
    id: row.id,
    what: `the ${row.lookupType === LOOKUP_TYPE_GL_CODE ? 'GL code' : 'funnel stage'} “${row.name}”`,
    read,
    current,
    row: async () => {
      const entry = await now();
      return entry ? toLookup(entry) : null;
    },
    writtenBy: async () => {
      const entry = await now();
      return entry ? { userId: entry.changedBy, at: entry.updatedAt } : null;
    },
  });
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const createLookupsService = (ctx: AppContext) => ({
  list: async (auth: AuthContext): Promise<Lookup[]> => (await repo.listLookups(ctx.db, auth.tenantId)).map(toLookup),

  save: async (auth: AuthContext, input: z.output<typeof LookupSaveRequestSchema>): Promise<Lookup> => {
    const now = ctx.clock.now();
    if (isNewId(input.Id)) {
      const row = await repo.insertLookup(
        ctx.db,
        auth.tenantId,
        newId(),
        {
          name: input.Name,
          // New entries are always active, like items, expenses and categories (SPEC.md §5).
          active: true,
          sortOrder: input.SortOrder ?? 0,
          lookupType: input.LookupType,
          categoryType: input.CategoryType ?? null,
        },
        now,
      );
      return toLookup(row);
    }
    const id = input.Id as string;
    return ctx.db.transaction(async (tx) => {
      const current = await repo.findLookup(tx, auth.tenantId, id);
      if (!current) throw notFound('The lookup entry');
      // The contract requires a Version on update (requireVersionOnUpdate).
      await checkLookupVersion(tx, auth, current, input.Version ?? 0);
      if (input.LookupType !== current.lookupType) {
        // A GL code in use turned funnel stage (or back) would leave items and expenses pointing at the wrong kind.
        const usage = await repo.countLookupUsage(tx, auth.tenantId, id);
        if (usage.budgetItems + usage.expenses + usage.objectives + usage.expectations > 0) {
          throw conflict(`“${current.name}” is in use, so its LookupType cannot change. Add a new entry of the other type instead.`);
        }
      }
      const row = await repo.updateLookup(
        tx,
        auth.tenantId,
        id,
        {
          name: input.Name,
          active: input.Active ?? current.active,
          sortOrder: input.SortOrder ?? current.sortOrder,
          lookupType: input.LookupType,
          categoryType: input.CategoryType === undefined ? current.categoryType : input.CategoryType,
        },
        now,
      );
      if (!row) throw notFound('The lookup entry');
      return toLookup(row);
    });
  },

  delete: async (auth: AuthContext, id: string, version: number): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findLookup(tx, auth.tenantId, id);
      if (!current) throw notFound('The lookup entry');
      await checkLookupVersion(tx, auth, current, version);
      const usage = await repo.countLookupUsage(tx, auth.tenantId, id);
      const uses = [
        usage.budgetItems ? plural(usage.budgetItems, 'budget item') : null,
        usage.expenses ? plural(usage.expenses, 'expense') : null,
        usage.objectives ? plural(usage.objectives, 'objective') : null,
        usage.expectations ? plural(usage.expectations, 'forecast entry') : null,
      ].filter((use): use is string => use !== null);
      if (uses.length > 0) {
        throw conflict(
          `“${current.name}” cannot be deleted: ${uses.join(', ')} ${uses.length === 1 && uses[0]?.startsWith('1 ') ? 'uses' : 'use'} it. Mark it inactive instead, or change those records first.`,
        );
      }
      return repo.deleteLookup(tx, auth.tenantId, id);
    }),
});
