import { TEAM_ROLE_LEAD } from '@plansmith/contract';
import { Typography } from 'antd';
import { lazy } from 'react';
import { Link } from 'react-router';
import { useTeamViews } from '../../features/teams/api/team-queries.ts';
import { hasPolicy, usePermissions } from '../../shared/api/identity.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

// The queue (its table and decision dialogs) loads beside the page's own code, within the route's first-load budget.
const ApprovalsQueue = lazyPart(async () => (await import('../../features/approvals/components/approvals-queue.tsx')).ApprovalsQueue);

const ApprovalPolicyCard = lazyPart(
  async () => (await import('../../features/approvals/components/approval-policy-card.tsx')).ApprovalPolicyCard,
);

/**
 * The approval policy of each team the caller leads. A Lead sets their team's policy (DESIGN.md §15)
 * but cannot open /account/teams (Owners and Admins), so it is here, beside the requests it decides.
 */
const LedTeamPolicies = () => {
  const teams = useTeamViews();
  const led = (teams.data ?? []).filter((team) => team.MyTeamRoleId === TEAM_ROLE_LEAD);
  if (led.length === 0) return null;
  return (
    <section aria-labelledby="led-team-policies" style={{ marginTop: 32 }}>
      <Typography.Title level={4} id="led-team-policies">
        Approval policy of the teams you lead
      </Typography.Title>
      {led.map((team) => (
        <div key={team.Id} style={{ marginBottom: 24 }}>
          <ApprovalPolicyCard team={team} canEdit />
        </div>
      ))}
    </section>
  );
};

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
      {isAdmin ? (
        <Typography.Paragraph style={{ marginTop: 24 }}>
          Each team’s threshold and approvers are set on <Link to="/account/teams">Teams</Link>.
        </Typography.Paragraph>
      ) : (
        <LedTeamPolicies />
      )}
    </>
  );
};
