import { randomUUID } from 'node:crypto';
import type { ImportKind } from '@plansmith/contract/imports';
import type { BulkColumns } from '../../db/bulk-insert.ts';
import type { ExpenseDraft, ItemDraft } from './check-rows.ts';

// The rows a commit writes, built in the worker thread that checked them (analyse-file.ts) and
// handed to the request thread as JSON text in chunks: there each chunk is one insert per table and
// the thread is free between chunks. Building, numbering and writing 20,000 rows as one JSON
// parameter held the request thread ~250 ms (issue 29).

/** Rows per chunk: one statement per table each, about 250 KB of JSON; ~10 ms of the request thread for its activities. */
export const COMMIT_CHUNK_ROWS = 1_000;

export const EXPENSE_COLUMNS: BulkColumns = {
  tenant_id: 'uuid',
  id: 'uuid',
  marketing_plan_id: 'uuid',
  budget_item_id: 'uuid',
  general_ledger_code_id: 'uuid',
  name: 'text',
  payee: 'text',
  description: 'text',
  purchase_order: 'text',
  purchase_date: 'date',
  amount_cents: 'bigint',
  currency: 'text',
  amount_minor: 'bigint',
  status: 'smallint',
  category_type: 'smallint',
  custom_fields: 'jsonb',
  active: 'boolean',
  approval: 'smallint',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export const ITEM_COLUMNS: BulkColumns = {
  tenant_id: 'uuid',
  id: 'uuid',
  marketing_plan_id: 'uuid',
  budget_category_id: 'uuid',
  general_ledger_code_id: 'uuid',
  campaign_id: 'uuid',
  custom_fields: 'jsonb',
  name: 'text',
  description: 'text',
  active: 'boolean',
  amount_cents: 'bigint',
  currency: 'text',
  amount_minor: 'bigint',
  item_type: 'smallint',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export const ITEM_MONTH_COLUMNS: BulkColumns = {
  tenant_id: 'uuid',
  budget_item_id: 'uuid',
  month: 'date',
  amount_cents: 'bigint',
  amount_minor: 'bigint',
};

export const IMPORT_ROW_COLUMNS: BulkColumns = {
  tenant_id: 'uuid',
  import_id: 'uuid',
  entity_id: 'uuid',
  source_row: 'integer',
  updated_at: 'timestamptz',
};

/** Who writes what where: the request thread's part of a commit. */
export type CommitScope = {
  tenantId: string;
  planId: string;
  userId: string;
  importId: string;
  /** The commit's instant, ISO 8601. */
  now: string;
  skipDuplicates: boolean;
  /**
   * DESIGN.md §15, row by row: a Committed or Actual row at or above it waits as a request (approval 1);
   * null when the plan's team has no expense threshold or the importer decides its requests.
   */
  approvalThresholdCents: number | null;
};

/** One chunk's rows as the JSON each insert takes, and what was created ([id, row, name] each) for the activities. */
export type CommitChunk = { rowsJson: string; monthsJson: string | null; importRowsJson: string; createdJson: string };

type Draft = (ExpenseDraft | ItemDraft) & { duplicate: boolean };

const expenseRow = (draft: ExpenseDraft, id: string, scope: CommitScope) => ({
  tenant_id: scope.tenantId,
  id,
  marketing_plan_id: scope.planId,
  budget_item_id: draft.budgetItemId,
  general_ledger_code_id: draft.generalLedgerCodeId,
  name: draft.name,
  payee: draft.payee,
  description: draft.description,
  purchase_order: draft.purchaseOrder,
  purchase_date: draft.purchaseDate,
  // A foreign row's base amount is the trigger's to write (migration 1070); ours is the same figure.
  amount_cents: draft.amountCents,
  currency: draft.currency,
  amount_minor: draft.amountMinor,
  status: draft.status,
  category_type: draft.categoryType,
  custom_fields: draft.customFields,
  active: true,
  approval: scope.approvalThresholdCents !== null && draft.status !== 1 && draft.amountCents >= scope.approvalThresholdCents ? 1 : 0,
  created_by: scope.userId,
  created_at: scope.now,
  updated_at: scope.now,
});

const itemRow = (draft: ItemDraft, id: string, scope: CommitScope) => ({
  tenant_id: scope.tenantId,
  id,
  marketing_plan_id: scope.planId,
  budget_category_id: draft.budgetCategoryId,
  general_ledger_code_id: draft.generalLedgerCodeId,
  campaign_id: draft.campaignId,
  custom_fields: draft.customFields,
  name: draft.name,
  description: draft.description,
  active: true,
  amount_cents: draft.amountCents,
  currency: draft.currency,
  amount_minor: draft.amountMinor,
  item_type: draft.itemType,
  created_at: scope.now,
  updated_at: scope.now,
});

/** The valid rows to create (duplicates left out when asked), each with a new id, in chunks. */
export const commitChunks = (
  kind: ImportKind,
  drafts: readonly Draft[],
  scope: CommitScope,
): { created: number; chunks: CommitChunk[] } => {
  const toCreate = drafts.filter((draft) => !(draft.duplicate && scope.skipDuplicates));
  const chunks: CommitChunk[] = [];
  for (let start = 0; start < toCreate.length; start += COMMIT_CHUNK_ROWS) {
    const part = toCreate.slice(start, start + COMMIT_CHUNK_ROWS).map((draft) => ({ draft, id: randomUUID() }));
    const rows = part.map(({ draft, id }) =>
      kind === 'Expenses' ? expenseRow(draft as ExpenseDraft, id, scope) : itemRow(draft as ItemDraft, id, scope),
    );
    const months =
      kind === 'BudgetItems'
        ? part.flatMap(({ draft, id }) =>
            (draft as ItemDraft).months.map((month) => ({
              tenant_id: scope.tenantId,
              budget_item_id: id,
              month: month.month,
              amount_cents: month.amountCents,
              amount_minor: month.amountMinor,
            })),
          )
        : null;
    chunks.push({
      rowsJson: JSON.stringify(rows),
      monthsJson: months && months.length > 0 ? JSON.stringify(months) : null,
      importRowsJson: JSON.stringify(
        part.map(({ draft, id }) => ({
          tenant_id: scope.tenantId,
          import_id: scope.importId,
          entity_id: id,
          source_row: draft.row,
          updated_at: scope.now,
        })),
      ),
      createdJson: JSON.stringify(part.map(({ draft, id }) => [id, draft.row, draft.name])),
    });
  }
  return { created: toCreate.length, chunks };
};
