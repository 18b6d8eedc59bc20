import * as contract from '@plansmith/contract';
import type { RouteDef } from '@plansmith/contract';
import * as budgetMonths from '@plansmith/contract/budget-months';
import * as imports from '@plansmith/contract/imports';

/** One operation of the contract: a route table entry and the method it is called with. */
export type ContractOperation = { table: string; name: string; method: 'GET' | 'POST'; def: RouteDef };

const isRouteDef = (value: unknown): value is RouteDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteDef).path === 'string' &&
  typeof (value as RouteDef).access === 'string' &&
  ((value as RouteDef).method === 'GET' || (value as RouteDef).method === 'POST');

/**
 * Every operation of every route table the contract exports (`xxxRoutes = defineRoutes(…)`), its
 * subpath exports included, once per method it answers. Read from the package's exports, so a new
 * table or route is covered by the generated suites without editing them.
 */
export const contractOperations = (): ContractOperation[] => {
  const operations: ContractOperation[] = [];
  for (const [table, value] of Object.entries({ ...contract, ...budgetMonths, ...imports })) {
    if (!table.endsWith('Routes') || typeof value !== 'object' || value === null) continue;
    for (const [name, def] of Object.entries(value)) {
      if (!isRouteDef(def)) continue;
      for (const method of [def.method, ...(def.alsoMethods ?? [])]) operations.push({ table, name, method, def });
    }
  }
  return operations;
};

export const operationLabel = (operation: ContractOperation): string =>
  `${operation.method} ${operation.def.path} (${operation.table}.${operation.name}, ${operation.def.access})`;

// Reads by the verb that ends their path; RebuildPlan only recomputes totals (nothing is stored) and
// Mentionable lists the people a comment may mention; the events Ticket signs a ticket and Presence says
// who views a plan (kept in memory): neither stores anything, and a Viewer may do both.
const READ_VERB = /^(get|list|mylist|listview|userlistview|search|valid|preview)|report$/i;
const READS_DESPITE_THEIR_VERB = new Set([
  '/api/MarketingPlanClient/RebuildPlan',
  '/api/CommentsClient/Mentionable',
  '/api/EventsClient/Ticket',
  '/api/EventsClient/Presence',
  // The report builder computes money by dimensions, storing nothing (DESIGN.md §16).
  '/api/ReportClient/Pivot',
]);

/** Whether an operation may change data: anything not named as a read is treated as a write. */
export const isWrite = (operation: ContractOperation): boolean => {
  const verb = operation.def.path.split('/').at(-1) ?? '';
  return !READ_VERB.test(verb) && !READS_DESPITE_THEIR_VERB.has(operation.def.path);
};

/** Writes any signed-in user makes on their own account, whatever their role or teams. */
export const SELF_SERVICE_PATHS = new Set([
  '/api/identity/token/logout',
  '/user/ChangePassword',
  '/api/UserProfileClient/MySave',
  '/api/UserProfileClient/SaveNotificationSettings',
  '/api/NotificationClient/MarkRead',
  '/api/NotificationClient/MarkAllRead',
  '/api/NotificationClient/SendDigestPreview',
  // A person's own saved views of /expenses (private): a Viewer keeps theirs too.
  '/api/ExpenseViewClient/Save',
  '/api/ExpenseViewClient/Delete',
  // A person's own saved reports (private unless shared): a Viewer keeps theirs too.
  '/api/SavedReportClient/Save',
  '/api/SavedReportClient/Delete',
]);
