import { isNewId, type PivotDefinition, pivotFieldIdOf, type SavedReport, type SavedReportSaveRequestSchema } from '@plansmith/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { savedReports } from '../../schema/saved-reports.ts';
import { users } from '../../schema/tenants.ts';
import { isTenantAdmin, requirePlanAccess } from '../access/index.ts';
import { assertVersion } from '../activities/index.ts';
import { selectPivotFields } from './pivot.repository.ts';

/*
 * Saved reports of the report builder (DESIGN.md §16). Private: only its owner sees, changes or
 * deletes it (to anyone else it does not exist: 404). Shared: everyone in the tenant sees it; its
 * owner or an Admin (or the Owner) changes or deletes it, anyone else gets 403.
 */

const columns = {
  id: savedReports.id,
  name: savedReports.name,
  shared: savedReports.shared,
  ownerId: savedReports.ownerId,
  definition: savedReports.definition,
  version: savedReports.version,
  createdAt: savedReports.createdAt,
  updatedAt: savedReports.updatedAt,
  changedBy: savedReports.changedBy,
  ownerFirst: users.firstName,
  ownerLast: users.lastName,
};
type Row = {
  id: string;
  name: string;
  shared: boolean;
  ownerId: string;
  definition: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  changedBy: string | null;
  ownerFirst: string | null;
  ownerLast: string | null;
};

const visibleTo = (auth: AuthContext) =>
  and(eq(savedReports.tenantId, auth.tenantId), or(eq(savedReports.ownerId, auth.userId), eq(savedReports.shared, true)));

const selectVisible = (db: Db) =>
  db
    .select(columns)
    .from(savedReports)
    .leftJoin(users, and(eq(users.tenantId, savedReports.tenantId), eq(users.id, savedReports.ownerId)));

const findVisible = async (db: Db, auth: AuthContext, id: string): Promise<Row | null> => {
  const [row] = await selectVisible(db)
    .where(and(visibleTo(auth), eq(savedReports.id, id)))
    .limit(1);
  return (row as Row | undefined) ?? null;
};

const canEdit = (auth: AuthContext, row: Pick<Row, 'ownerId' | 'shared'>): boolean =>
  row.ownerId === auth.userId || (row.shared && isTenantAdmin(auth));

const toSavedReport = (auth: AuthContext, row: Row): SavedReport => ({
  Id: row.id,
  Name: row.name,
  Shared: row.shared,
  OwnerId: row.ownerId,
  OwnerName: `${row.ownerFirst ?? ''} ${row.ownerLast ?? ''}`.trim(),
  CanEdit: canEdit(auth, row),
  Definition: row.definition as PivotDefinition,
  Version: Number(row.version),
  CreatedAt: row.createdAt.toISOString(),
  UpdatedAt: row.updatedAt.toISOString(),
});

/** The report the caller may change, locked, with its version checked (404 unseen, 403 not theirs, 409 stale). */
const lockEditable = async (tx: Db, auth: AuthContext, id: string, read: number): Promise<Row> => {
  const row = await findVisible(tx, auth, id);
  if (!row) throw notFound('The saved report');
  if (!canEdit(auth, row)) throw forbidden('Only the report’s owner or an Admin can change a shared report.');
  const current = await lockVersion(
    tx,
    savedReports,
    savedReports.version,
    and(eq(savedReports.tenantId, auth.tenantId), eq(savedReports.id, id)) as never,
  );
  if (current === null) throw notFound('The saved report');
  let reading: Promise<Row | null> | undefined;
  const now = () => {
    reading ??= findVisible(tx, auth, id);
    return reading;
  };
  await assertVersion(tx, auth, {
    entity: 'SavedReport',
    id,
    what: `the report “${row.name}”`,
    read,
    current,
    row: async () => {
      const fresh = await now();
      return fresh ? toSavedReport(auth, fresh) : null;
    },
    writtenBy: async () => {
      const fresh = await now();
      return fresh ? { userId: fresh.changedBy, at: fresh.updatedAt } : null;
    },
  });
  return row;
};

/** Every plan and custom field the definition names is the caller's to see (404 otherwise, as in a pivot). */
const checkDefinition = async (db: Db, auth: AuthContext, definition: PivotDefinition): Promise<void> => {
  for (const planId of new Set(definition.MarketingPlanIds)) await requirePlanAccess(db, auth, planId);
  const dimensions = [...definition.Rows, ...definition.Filters.map((filter) => filter.Dimension)];
  const fieldIds = [...new Set(dimensions.map(pivotFieldIdOf).filter((id): id is string => id !== null))];
  const found = await selectPivotFields(db, auth.tenantId, fieldIds);
  if (found.length !== fieldIds.length) throw notFound('The custom field');
};

export const createSavedReportsService = (ctx: AppContext) => ({
  list: async (auth: AuthContext): Promise<SavedReport[]> => {
    const rows = await selectVisible(ctx.db)
      .where(visibleTo(auth))
      .orderBy(asc(sql`lower(${savedReports.name})`), asc(savedReports.createdAt), asc(savedReports.id));
    return (rows as Row[]).map((row) => toSavedReport(auth, row));
  },

  save: async (auth: AuthContext, input: z.output<typeof SavedReportSaveRequestSchema>): Promise<SavedReport> => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      let id: string;
      if (isNewId(input.Id)) {
        await checkDefinition(tx, auth, input.Definition);
        id = newId();
        await tx.insert(savedReports).values({
          tenantId: auth.tenantId,
          id,
          ownerId: auth.userId,
          name: input.Name,
          shared: input.Shared,
          definition: input.Definition,
          createdAt: now,
          updatedAt: now,
        });
      } else {
        id = (input.Id as string).toLowerCase();
        // The contract requires a Version on update (requireVersionOnUpdate).
        await lockEditable(tx, auth, id, input.Version ?? 0);
        await checkDefinition(tx, auth, input.Definition);
        await tx
          .update(savedReports)
          .set({ name: input.Name, shared: input.Shared, definition: input.Definition, updatedAt: now })
          .where(and(eq(savedReports.tenantId, auth.tenantId), eq(savedReports.id, id)));
      }
      // By id alone: an Admin who made someone's shared report private gets it back once more.
      const [row] = await selectVisible(tx)
        .where(and(eq(savedReports.tenantId, auth.tenantId), eq(savedReports.id, id)))
        .limit(1);
      if (!row) throw notFound('The saved report');
      return toSavedReport(auth, row as Row);
    });
  },

  delete: async (auth: AuthContext, id: string, version: number): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      await lockEditable(tx, auth, id.toLowerCase(), version);
      await tx.delete(savedReports).where(and(eq(savedReports.tenantId, auth.tenantId), eq(savedReports.id, id.toLowerCase())));
      return true;
    }),
});
