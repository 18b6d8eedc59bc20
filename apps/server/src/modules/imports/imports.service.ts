import { monthsBetween, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import {
  IMPORT_KIND_LABELS,
  type ImportCommitRequestSchema,
  type ImportCommitResult,
  type ImportKind,
  type ImportPreviewRequestSchema,
  type ImportRecord,
} from '@plansmith/contract/imports';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { JsonText } from '../../plugins/route.ts';
import { type PlanAccess, requireAccess, requirePlanAccess } from '../access/index.ts';
import { type ActivityEntry, recordActivities } from '../activities/index.ts';
import { templateProblem } from '../expenses/index.ts';
import type { ExpenseDraft, ItemDraft } from './check-rows.ts';
import { createNamed, createsFor, withCreates } from './create-named.ts';
import * as repo from './imports.repository.ts';
import type { AnalysedFile, AnalyseInput, DraftRow } from './analyse-file.ts';
import type { SheetPool } from './sheet-pool.ts';

type PreviewInput = z.output<typeof ImportPreviewRequestSchema>;
type CommitInput = z.output<typeof ImportCommitRequestSchema>;

const requireImportablePlan = async (db: Db, auth: AuthContext, planId: string): Promise<PlanAccess> => {
  const access = await requirePlanAccess(db, auth, planId, 'The marketing plan');
  requireAccess(access, 'import.run');
  if (access.plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${access.plan.name}” is archived. Restore the plan to import into it.`);
  const template = templateProblem(access.plan);
  if (template) throw badRequest(template);
  return access;
};

/**
 * The file read and checked against what the plan holds, in a worker thread (sheet-pool.ts): only the
 * queries run here. Reads no plan data but the dates, items, categories, GL codes and duplicate keys.
 */
const analyseFile = async <M extends AnalyseInput['mode']>(
  db: Db,
  sheets: SheetPool,
  auth: AuthContext,
  input: PreviewInput,
  content: Uint8Array | null,
  plan: PlanAccess['plan'],
  mode: M,
  today: string,
): Promise<Extract<AnalysedFile, { mode: M }>> => {
  const [saved, items, categories, glCodes, existingExpenses] = await Promise.all([
    input.Mapping ? null : repo.findMapping(db, auth.tenantId, input.Kind),
    repo.listPlanItems(db, auth.tenantId, plan.id),
    repo.listCategories(db, auth.tenantId),
    repo.listGlCodes(db, auth.tenantId),
    input.Kind === 'Expenses' ? repo.listExpenseKeyFields(db, auth.tenantId, plan.id) : [],
  ]);
  const result = await sheets.analyse({
    mode,
    kind: input.Kind,
    fileName: input.FileName,
    content,
    planMonths: monthsBetween(plan.startDate, plan.endDate),
    given: input.Mapping,
    saved,
    dateOrder: input.DateOrder,
    edits: input.Edits ?? [],
    replacements: input.Replacements ?? [],
    // Names the planner chose to create count as there; the commit has created them by now.
    refs: withCreates(
      { plan: { startDate: plan.startDate, endDate: plan.endDate }, items, categories, glCodes, today },
      createsFor(input.Kind, input.Creates),
    ),
    existingExpenses,
  });
  return result as Extract<AnalysedFile, { mode: M }>;
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const plural = (count: number, kind: ImportKind) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? IMPORT_KIND_LABELS[kind].replace(/s$/, '') : IMPORT_KIND_LABELS[kind]}`;

export const createImportService = (ctx: AppContext, sheets: SheetPool) => {
  return {
    /** The preview as the worker wrote it (JsonText): the request thread neither checks nor writes its rows. */
    /** `content` is the file, decoded from the body's ContentBase64 off this thread (parse-body.ts); null when not base64. */
    preview: async (auth: AuthContext, input: PreviewInput, content: Uint8Array | null): Promise<JsonText> => {
      const access = await requireImportablePlan(ctx.db, auth, input.MarketingPlanId);
      const { previewJson } = await analyseFile(ctx.db, sheets, auth, input, content, access.plan, 'preview', callerToday(ctx, auth));
      return new JsonText(previewJson);
    },

    commit: async (auth: AuthContext, input: CommitInput, content: Uint8Array | null): Promise<ImportCommitResult> => {
      // Access first: another tenant's plan is 404 before the file is even read.
      await requireImportablePlan(ctx.db, auth, input.MarketingPlanId);
      return ctx.db.transaction(async (tx) => {
        const access = await requireImportablePlan(tx, auth, input.MarketingPlanId);
        if (input.Creates?.length) {
          const [items, categories] = await Promise.all([
            repo.listPlanItems(tx, auth.tenantId, access.plan.id),
            repo.listCategories(tx, auth.tenantId),
          ]);
          await createNamed(ctx, tx, auth, access.plan.id, { items, categories }, createsFor(input.Kind, input.Creates));
        }
        const file = await analyseFile(tx, sheets, auth, input, content, access.plan, 'commit', callerToday(ctx, auth));
        const counts = file.counts;
        const drafts = JSON.parse(file.draftsJson) as DraftRow[];
        const toCreate = drafts.flatMap(({ duplicate, ...draft }) =>
          duplicate && input.SkipDuplicates ? [] : [{ ...draft, id: newId() }],
        );
        if (toCreate.length === 0) {
          throw badRequest(
            counts.Valid === 0
              ? `Nothing to import: none of the ${counts.Rows.toLocaleString('en-US')} rows is valid. Check the mapping and the errors in the preview.`
              : 'Nothing to import: every valid row duplicates one the plan already has.',
          );
        }
        const now = ctx.clock.now();
        const planId = access.plan.id;
        if (input.Kind === 'Expenses') {
          await repo.insertExpenses(tx, auth.tenantId, planId, toCreate as (ExpenseDraft & { id: string })[], auth.userId, now);
        } else {
          await repo.insertItems(tx, auth.tenantId, planId, toCreate as (ItemDraft & { id: string })[], now);
        }
        const importId = newId();
        const skipped = counts.Rows - toCreate.length;
        await repo.insertImport(tx, {
          tenantId: auth.tenantId,
          id: importId,
          planId,
          kind: input.Kind,
          fileName: input.FileName,
          userId: auth.userId,
          now,
          created: toCreate,
          skipped,
        });
        const entityType = input.Kind === 'Expenses' ? 'Expense' : 'BudgetItem';
        const activity = (entry: Pick<ActivityEntry, 'entityType' | 'entityId' | 'name' | 'description'>): ActivityEntry => ({
          ...entry,
          tenantId: auth.tenantId,
          actorId: auth.userId,
          marketingPlanId: planId,
          action: entry.entityType === 'MarketingPlan' ? 'update' : 'create',
          at: now,
        });
        await recordActivities(tx, [
          activity({
            entityType: 'MarketingPlan',
            entityId: planId,
            name: access.plan.name,
            description: `Imported ${plural(toCreate.length, input.Kind)} from ${input.FileName}`,
          }),
          ...toCreate.map((draft) =>
            activity({
              entityType,
              entityId: draft.id,
              name: draft.name,
              description: `Imported from ${input.FileName}, row ${draft.row}`,
            }),
          ),
        ]);
        // The mapping that worked is the tenant's starting point for the next file of this kind.
        await repo.saveMapping(tx, auth.tenantId, input.Kind, file.mapping, auth.userId, now);
        return {
          ImportId: importId,
          Created: toCreate.length,
          Skipped: skipped,
          Invalid: counts.Invalid,
          DuplicatesSkipped: input.SkipDuplicates ? counts.Duplicates : 0,
        };
      });
    },

    list: async (auth: AuthContext, planId: string): Promise<ImportRecord[]> => {
      await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
      const rows = await repo.listImports(ctx.db, auth.tenantId, planId);
      return rows.map((row) => ({
        ImportId: row.id,
        Kind: row.kind,
        FileName: row.fileName,
        CreatedAt: row.createdAt.toISOString(),
        CreatedByName: fullName(row.createdByFirst, row.createdByLast),
        Created: row.createdCount,
        Skipped: row.skippedCount,
        UndoneAt: row.undoneAt?.toISOString() ?? null,
        UndoneByName: row.undoneAt ? fullName(row.undoneByFirst, row.undoneByLast) : null,
      }));
    },

    undo: (auth: AuthContext, importId: string): Promise<{ ImportId: string; Removed: number }> =>
      ctx.db.transaction(async (tx) => {
        const record = await repo.lockImport(tx, auth.tenantId, importId);
        if (!record) throw notFound('The import');
        const access = await requirePlanAccess(tx, auth, record.marketingPlanId, 'The import');
        requireAccess(access, 'import.run', 'Your team role lets you read this plan, not undo its imports.');
        if (access.plan.state === PLAN_STATE_ARCHIVED)
          throw conflict(`“${access.plan.name}” is archived. Restore the plan to undo its imports.`);
        if (record.undoneAt) throw conflict(`This import of ${record.fileName} was already undone.`);
        const changed = await repo.findChangedRow(tx, auth.tenantId, importId, record.kind);
        if (changed) {
          throw conflict(
            `Row ${changed.source_row} of ${record.fileName} (“${changed.name}”) was changed after the import. Undo would lose that change, so nothing was removed.`,
            { Entity: record.kind === 'Expenses' ? 'Expense' : 'BudgetItem', Id: changed.id },
          );
        }
        if (record.kind === 'BudgetItems') {
          const used = await repo.findItemWithExpenses(tx, auth.tenantId, importId);
          if (used) {
            throw conflict(
              `Row ${used.source_row} of ${record.fileName} (“${used.name}”) has ${used.expense_count === 1 ? 'an expense' : `${used.expense_count} expenses`} recorded against it since the import. Move or delete them first; nothing was removed.`,
              { Entity: 'BudgetItem', Id: used.id },
            );
          }
        }
        const now = ctx.clock.now();
        const removed = await repo.deleteCreated(tx, auth.tenantId, importId, record.kind);
        const entityType = record.kind === 'Expenses' ? 'Expense' : 'BudgetItem';
        const base = { tenantId: auth.tenantId, actorId: auth.userId, marketingPlanId: record.marketingPlanId, at: now };
        await recordActivities(tx, [
          {
            ...base,
            entityType: 'MarketingPlan',
            entityId: record.marketingPlanId,
            action: 'update',
            name: access.plan.name,
            description: `Undid the import of ${record.fileName}: removed ${plural(removed.length, record.kind)}`,
          },
          ...removed.map(
            (row): ActivityEntry => ({
              ...base,
              entityType,
              entityId: row.id,
              action: 'delete',
              name: row.name,
              description: `Removed by undoing the import of ${record.fileName}`,
            }),
          ),
        ]);
        await repo.markUndone(tx, auth.tenantId, importId, auth.userId, now);
        return { ImportId: importId, Removed: removed.length };
      }),
  };
};
