import type { ExpenseApproval as WireApproval } from '@plansmith/contract';
import type { ExpenseApproval } from '../../schema/expenses.ts';
import type { TenantRoleCode } from '../../schema/tenants.ts';

export const APPROVAL = { none: 0, pending: 1, approved: 2, rejected: 3 } as const satisfies Record<string, ExpenseApproval>;
export const REQUEST = { pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;
export const REQUEST_STATUS_NAMES = { 1: 'Pending', 2: 'Approved', 3: 'Rejected', 4: 'Withdrawn' } as const;
export const REQUEST_STATUS_OF_NAME = { Pending: 1, Approved: 2, Rejected: 3, Withdrawn: 4 } as const;

const WIRE: Record<ExpenseApproval, WireApproval> = { 0: null, 1: 'Pending', 2: 'Approved', 3: 'Rejected' };
/** An expense's approval as the contract says it. */
export const wireApproval = (approval: ExpenseApproval): WireApproval => WIRE[approval] ?? null;

export type PolicyRule = { expenseThresholdCents: number | null; approverIds: string[] | null };

/**
 * Whether a person decides the team's requests (DESIGN.md §15): the tenant's Owners and Admins always;
 * a Viewer (or someone outside the team) never; otherwise the team's Leads, or exactly the people the
 * policy names.
 */
export const decidesFor = (
  person: { userId: string; tenantRole: TenantRoleCode; teamRoleId: 1 | 2 | 3 | null },
  policy: { approverIds: string[] | null },
): boolean => {
  if (person.tenantRole === 'owner' || person.tenantRole === 'admin') return true;
  if (person.teamRoleId === null || person.teamRoleId === 3) return false;
  return policy.approverIds === null ? person.teamRoleId === 1 : policy.approverIds.includes(person.userId);
};

export type ExpenseState = {
  status: 1 | 2 | 3;
  amountCents: number;
  active: boolean;
  approval: ExpenseApproval;
  approvedAmountCents: number | null;
};

/**
 * The approval an expense takes when it is saved (DESIGN.md §15), from what it was (null: new) and
 * what it is saved as. Committed or Actual at or above the threshold, saved by someone who does not
 * decide, waits (Pending) — unless it was approved for at least this Amount (lowering never asks
 * again, raising above the approved Amount does). A pending expense stays pending while it still
 * asks, whoever saves it (approving is a decision, not a save); a save that no longer asks (Planned,
 * below the threshold, inactive, the policy off) withdraws the request. A rejected expense loses
 * the mark once it is no longer Planned.
 */
export const expenseApprovalOnSave = (
  before: ExpenseState | null,
  after: Pick<ExpenseState, 'status' | 'amountCents' | 'active'>,
  policy: PolicyRule,
  saverDecides: boolean,
): { approval: ExpenseApproval; request: 'open' | 'keep' | 'withdraw' | 'none' } => {
  const threshold = policy.expenseThresholdCents;
  const large = after.active && after.status !== 1 && threshold !== null && after.amountCents >= threshold;
  const covered =
    before !== null &&
    before.approvedAmountCents !== null &&
    before.approval !== APPROVAL.rejected &&
    after.amountCents <= before.approvedAmountCents;
  if (before?.approval === APPROVAL.pending) {
    if (large && !covered) return { approval: APPROVAL.pending, request: 'keep' };
    return { approval: covered ? APPROVAL.approved : APPROVAL.none, request: 'withdraw' };
  }
  if (large && !covered && !saverDecides) return { approval: APPROVAL.pending, request: 'open' };
  if (before?.approval === APPROVAL.rejected && after.status !== 1) return { approval: APPROVAL.none, request: 'none' };
  return { approval: before?.approval ?? APPROVAL.none, request: 'none' };
};
