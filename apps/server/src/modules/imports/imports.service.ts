import { importApprovalThreshold, notifyImportedRequests, openImportedRequests } from '../approvals/index.ts';
import { monthsBetween, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import {
  IMPORT_KIND_LABELS,
  type ImportCommitRequestSchema,
  type ImportCommitResult,
  type ImportKind,
  type ImportPreviewRequestSchema,
  type ImportRecord,
} from '@plansmith/contract/imports';
import { sql } from 'drizzle-orm';
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
import { keepBudgetChanges } from '../baseline/index.ts';
import { phaseImportedItems, refuseUndoInClosedMonth } from '../budget/index.ts';
import { listCustomFields } from '../custom-fields/index.ts';
import { templateProblem } from '../expenses/index.ts';
import { COMMIT_CHUNK_ROWS, type CommitScope } from './commit-rows.ts';
import { createNamed, createsFor, withCreates } from './create-named.ts';
import { importBudgetChanges } from './import-budget-changes.ts';
import * as repo from './imports.repository.ts';
import type { AnalysedFile, AnalyseInput } from './analyse-file.ts';
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
  commit: CommitScope | null = null,
): Promise<Extract<AnalysedFile, { mode: M }>> => {
  const [saved, items, categories, glCodes, existingExpensesJson, campaigns, customFields, currency] = await Promise.all([
    input.Mapping ? null : repo.findMapping(db, auth.tenantId, input.Kind),
    repo.listPlanItems(db, auth.tenantId, plan.id),
    repo.listCategories(db, auth.tenantId),
    repo.listGlCodes(db, auth.tenantId),
    input.Kind === 'Expenses' ? repo.expenseKeyFieldsJson(db, auth.tenantId, plan.id) : [],
    input.Kind === 'BudgetItems' ? repo.listPlanCampaigns(db, auth.tenantId, plan.id) : [],
    listCustomFields(db, auth.tenantId, input.Kind === 'Expenses' ? 'Expense' : 'BudgetItem'),
    repo.currencyRefs(db, auth.tenantId, plan.id),
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
      { plan: { startDate: plan.startDate, endDate: plan.endDate }, items, categories, glCodes, campaigns, customFields, today, currency },
      createsFor(input.Kind, input.Creates),
    ),
    existingExpensesJson,
    commit,
  });
  return result as Extract<AnalysedFile, { mode: M }>;
};

/**
 * Commits and undos of one plan's imports take turns (a transaction-scoped advisory lock): each
 * writes its rows in several statements, and the expense sums' triggers (migration 1000) lock the
 * item/month keys they add to, so two at once could each hold a key the other needs (a deadlock).
 */
const oneImportAtATime = async (tx: Db, tenantId: string, planId: string): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`plansmith.import:${tenantId}:${planId}`}, 0))`);
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
        await oneImportAtATime(tx, auth.tenantId, access.plan.id);
        if (input.Creates?.length) {
          const [items, categories] = await Promise.all([
            repo.listPlanItems(tx, auth.tenantId, access.plan.id),
            repo.listCategories(tx, auth.tenantId),
          ]);
          await createNamed(ctx, tx, auth, access.plan.id, { items, categories }, createsFor(input.Kind, input.Creates));
        }
        const now = ctx.clock.now();
        const planId = access.plan.id;
        const importId = newId();
        // The worker builds the rows to write with their ids, as JSON in chunks (commit-rows.ts).
        const file = await analyseFile(tx, sheets, auth, input, content, access.plan, 'commit', callerToday(ctx, auth), {
          tenantId: auth.tenantId,
          planId,
          userId: auth.userId,
          importId,
          now: now.toISOString(),
          skipDuplicates: input.SkipDuplicates,
          approvalThresholdCents: input.Kind === 'Expenses' ? await importApprovalThreshold(tx, auth, access) : null,
        });
        const counts = file.counts;
        if (file.created === 0) {
          throw badRequest(
            counts.Valid === 0
              ? `Nothing to import: none of the ${counts.Rows.toLocaleString('en-US')} rows is valid. Check the mapping and the errors in the preview.`
              : 'Nothing to import: every valid row duplicates one the plan already has.',
          );
        }
        const skipped = counts.Rows - file.created;
        await repo.insertImport(tx, {
          tenantId: auth.tenantId,
          id: importId,
          planId,
          kind: input.Kind,
          fileName: input.FileName,
          userId: auth.userId,
          now,
          created: file.created,
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
            description: `Imported ${plural(file.created, input.Kind)} from ${input.FileName}`,
          }),
        ]);
        // A chunk at a time: each is a few statements, and other requests run between them.
        const requested = { count: 0, amountCents: 0 };
        for (const chunk of file.chunks) {
          await repo.insertCommitChunk(tx, input.Kind, chunk);
          if (input.Kind === 'Expenses') {
            // The rows that wait for approval (approval 1) get their requests, chunk by chunk.
            const opened = await openImportedRequests(tx, auth, chunk.createdJson, now);
            requested.count += opened.count;
            requested.amountCents += opened.amountCents;
          }
          const created = JSON.parse(chunk.createdJson) as [id: string, row: number, name: string][];
          await recordActivities(
            tx,
            created.map(([id, row, name]) =>
              activity({ entityType, entityId: id, name, description: `Imported from ${input.FileName}, row ${row}` }),
            ),
          );
        }
        if (requested.count > 0) {
          await notifyImportedRequests(ctx, tx, auth, {
            teamId: access.plan.teamId,
            planName: access.plan.name,
            fileName: input.FileName,
            ...requested,
          });
        }
        // The mapping that worked is the tenant's starting point for the next file of this kind.
        // Items without months in a plan with closed months: their Amount spread over the open months (DESIGN.md §14).
        if (input.Kind === 'BudgetItems') await phaseImportedItems(tx, auth.tenantId, access.plan, importId);
        // After the baseline lock the items' budgets say why and are kept, as one item's Save does (DESIGN.md §14):
        // without a Reason this throws 400 and the transaction leaves nothing behind.
        if (input.Kind === 'BudgetItems') {
          await keepBudgetChanges(tx, {
            tenantId: auth.tenantId,
            planId,
            userId: auth.userId,
            reason: input.Reason,
            changes: await importBudgetChanges(tx, auth.tenantId, access.plan, importId, 'created'),
            at: now,
          });
        }
        await repo.saveMapping(tx, auth.tenantId, input.Kind, file.mapping, auth.userId, now);
        return {
          ImportId: importId,
          Created: file.created,
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
        await oneImportAtATime(tx, auth.tenantId, access.plan.id);
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
        // Deleting items cascades to their cells, which the closed-month trigger lets through: ask first.
        if (record.kind === 'BudgetItems') await refuseUndoInClosedMonth(tx, auth.tenantId, access.plan, importId, record.fileName);
        // After the baseline lock the items' budgets leaving are kept as budget changes, the undo being the reason.
        if (record.kind === 'BudgetItems') {
          await keepBudgetChanges(tx, {
            tenantId: auth.tenantId,
            planId: record.marketingPlanId,
            userId: auth.userId,
            reason: `Undo of import ${record.fileName}`,
            changes: await importBudgetChanges(tx, auth.tenantId, access.plan, importId, 'removed'),
            at: now,
          });
        }
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
        ]);
        // In chunks, as the commit wrote them: other requests run between the statements.
        for (let start = 0; start < removed.length; start += COMMIT_CHUNK_ROWS) {
          await recordActivities(
            tx,
            removed.slice(start, start + COMMIT_CHUNK_ROWS).map(
              (row): ActivityEntry => ({
                ...base,
                entityType,
                entityId: row.id,
                action: 'delete',
                name: row.name,
                description: `Removed by undoing the import of ${record.fileName}`,
              }),
            ),
          );
        }
        await repo.markUndone(tx, auth.tenantId, importId, auth.userId, now);
        return { ImportId: importId, Removed: removed.length };
      }),
  };
};
