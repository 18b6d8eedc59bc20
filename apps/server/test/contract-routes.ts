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

/**
 * Whether an operation may change data: anything the contract does not name as a read (isReadRoute,
 * the rule a read-only API token is held to) is treated as a write.
 */
export const isWrite = (operation: ContractOperation): boolean => !contract.isReadRoute(operation.def);

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
  // A person's own API tokens (DESIGN.md §18): a Viewer may create a read token of their own.
  '/api/ApiTokenClient/Create',
  '/api/ApiTokenClient/Revoke',
]);
