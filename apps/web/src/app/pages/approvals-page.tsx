import { lazy } from 'react';
import { ApprovalsQueue } from '../../features/approvals/components/approvals-queue.tsx';
import { hasPolicy, usePermissions } from '../../shared/api/identity.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

// The expense's comments in the request's drawer, loaded with it (not with the queue).
const CommentsPanel = lazy(async () => ({
  default: (await import('../../features/comments/components/comments-panel.tsx')).CommentsPanel,
}));

/** /approvals (DESIGN.md §15): spend requests that wait for the team's approvers. */
export const ApprovalsPage = () => {
  const permissions = usePermissions();
  // Admins and the Owner manage people; they see every team's requests.
  const isAdmin = hasPolicy(permissions.data, 'Account.People');
  return (
    <>
      <PageHeader
        title="Approvals"
        subtitle="Expenses at or above a team’s threshold wait here as requests. Until approved they count as Requested, not as Committed or Actual."
      />
      <ApprovalsQueue
        isAdmin={isAdmin}
        renderComments={(expenseId) => <CommentsPanel target={{ EntityType: 'Expense', EntityId: expenseId }} />}
      />
    </>
  );
};
