import {
  type ACTIVITY_EVENT_KINDS,
  AUDIT_PLAN_MESSAGE,
  AUDIT_RETENTION_DEFAULT_DAYS,
  type AuditExportRequest,
  type AuditItem,
  type AuditKind,
  type AuditPage,
  type AuditSettings,
} from '@plansmith/contract';
import Papa from 'papaparse';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import * as repo from './audit.repository.ts';

type Filters = { From?: string | undefined; To?: string | undefined; UserId?: string | undefined; Kind?: AuditKind | undefined };

const ACTION_OF_KIND: Record<(typeof ACTIVITY_EVENT_KINDS)[number], string> = {
  created: 'create',
  updated: 'update',
  deleted: 'delete',
  note: 'note',
};
const KIND_OF_ACTION: Record<string, AuditKind> = { create: 'created', update: 'updated', delete: 'deleted', note: 'note' };
const isActivityKind = (kind: AuditKind): kind is keyof typeof ACTION_OF_KIND => kind in ACTION_OF_KIND;

const ENTITY_LABELS: Record<string, string> = {
  MarketingPlan: 'plan',
  BudgetItem: 'budget item',
  Expense: 'expense',
  BudgetCategory: 'category',
  Objective: 'objective',
};
const VERBS: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** One line about an activity: its own sentence when it has one, else what was done to what, and which fields. */
const activitySummary = (row: repo.AuditRow): string => {
  const label = ENTITY_LABELS[row.entity_type ?? ''] ?? row.entity_type ?? 'item';
  const what = `${label} “${row.name ?? ''}”`;
  if (row.kind === 'note') return `Note on the ${what}: ${row.summary}`;
  if (row.summary) return `${row.summary} (${what})`;
  const fields = Object.keys(row.changes ?? {});
  return `${VERBS[row.kind] ?? row.kind} ${what}${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`;
};

const toItem = (row: repo.AuditRow): AuditItem => {
  const person = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
  return {
    At: new Date(row.at).toISOString(),
    Kind: row.source === 'activity' ? (KIND_OF_ACTION[row.kind] ?? 'updated') : (row.kind as AuditKind),
    UserId: row.user_id,
    Name: person ?? row.email ?? '',
    EntityType: row.entity_type,
    EntityId: row.entity_id,
    Summary: row.source === 'activity' ? activitySummary(row) : row.summary,
    Ip: row.ip,
  };
};

/** The audit log is an Enterprise feature (DESIGN.md §18; the contract's decision). */
const assertEnterprise = (auth: AuthContext) => {
  if (auth.planCode !== 'enterprise') throw forbidden(AUDIT_PLAN_MESSAGE);
};

const filterOf = (auth: AuthContext, filters: Filters): repo.AuditFilter => {
  const kind = filters.Kind;
  const activity = kind !== undefined && isActivityKind(kind);
  return {
    tenantId: auth.tenantId,
    timeZone: auth.timeZone,
    from: filters.From,
    to: filters.To,
    userId: filters.UserId,
    securityKind: kind !== undefined && !activity ? kind : undefined,
    activityAction: activity ? ACTION_OF_KIND[kind] : undefined,
    onlySecurity: kind !== undefined && !activity,
    onlyActivities: activity,
  };
};

const EXPORT_BATCH = 1000;
export const CSV_HEADER = ['At', 'Kind', 'Person', 'UserId', 'EntityType', 'EntityId', 'Summary', 'Ip'];

/**
 * CSV of audit items. A cell starting with =, +, -, @, tab or return gets a leading ' so a
 * spreadsheet shows it instead of running it (a summary quotes names people typed).
 */
export const auditCsv = (items: readonly AuditItem[]): string =>
  Papa.unparse(
    {
      fields: CSV_HEADER,
      data: items.map((item) => [
        item.At,
        item.Kind,
        item.Name,
        item.UserId ?? '',
        item.EntityType ?? '',
        item.EntityId ?? '',
        item.Summary,
        item.Ip ?? '',
      ]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );

export const createAuditService = (ctx: AppContext) => ({
  list: async (auth: AuthContext, request: Filters & { Page: number; PageSize: number }): Promise<AuditPage> => {
    assertEnterprise(auth);
    const filter = filterOf(auth, request);
    const [rows, total] = await Promise.all([
      repo.listEntries(ctx.db, filter, request.PageSize, (request.Page - 1) * request.PageSize),
      repo.countEntries(ctx.db, filter),
    ]);
    return { Items: rows.map(toItem), Total: total };
  },

  /** Every matching entry (all pages of List, in its order), read in one transaction so the pages agree. */
  exportCsv: async (auth: AuthContext, request: AuditExportRequest): Promise<string> => {
    assertEnterprise(auth);
    const filter = filterOf(auth, request);
    const items = await ctx.db.transaction(async (tx) => {
      const all: AuditItem[] = [];
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await repo.listEntries(tx, filter, EXPORT_BATCH, offset);
        all.push(...rows.map(toItem));
        if (rows.length < EXPORT_BATCH) return all;
      }
    });
    return auditCsv(items);
  },

  getSettings: async (auth: AuthContext): Promise<AuditSettings> => {
    assertEnterprise(auth);
    return { RetentionDays: (await repo.findRetentionDays(ctx.db, auth.tenantId)) ?? AUDIT_RETENTION_DEFAULT_DAYS };
  },

  saveSettings: async (auth: AuthContext, retentionDays: number): Promise<AuditSettings> => {
    assertEnterprise(auth);
    await ctx.db.transaction((tx) => repo.saveRetentionDays(tx, auth.tenantId, retentionDays, ctx.clock.now()));
    return { RetentionDays: retentionDays };
  },
});
