import { Alert } from 'antd';

/** Said once, at the top of a screen the caller may read but not change (DESIGN.md §12). */
export const ReadOnlyNote = ({ reason }: { reason: string }) => (
  <Alert type="info" showIcon role="note" style={{ marginBottom: 16 }} message="Read only" description={reason} />
);

/** Why a plan's screens are read-only for the caller, or null when they may change it. */
export const readOnlyReason = (plan: { State: number; Permissions: { CanEditBudget: boolean } }): string | null => {
  // 2: archived (PLAN_STATE_ARCHIVED), written out to keep this file free of the contract.
  if (plan.State === 2) return 'This plan is archived: restore it on the Plans page to change it.';
  if (!plan.Permissions.CanEditBudget) return 'Your team role lets you read this plan’s budget and expenses, not change them.';
  return null;
};
