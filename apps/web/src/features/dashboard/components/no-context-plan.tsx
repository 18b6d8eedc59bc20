import { getHref } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useMyTeams } from '../../../shared/api/my-teams.ts';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';

/**
 * Shown by the plan-wide screens until there is a context plan: with no plan at all, a way to
 * create the first one (or who can); otherwise a pointer to the plan picker.
 */
export const NoContextPlan = ({ what, hasPlans }: { what: string; hasPlans: boolean }) => {
  const teams = useMyTeams();
  const { teamId } = useContextSelection();
  const team = teams.data?.find((entry) => entry.Id === teamId) ?? teams.data?.[0];
  if (hasPlans) {
    return (
      <Card>
        <EmptyState
          description={`This team has no live plan. Choose a plan in the context bar above to see its ${what}.`}
          action={
            <Link to={getHref('plans')}>
              <Button type="primary">Go to plans</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <EmptyState
        description={
          team?.CanManagePlans
            ? `There is no plan yet. Create one to budget, record expenses and see its ${what}.`
            : `There is no plan yet. A team Lead, an Admin or the Owner creates it; then you will see its ${what} here.`
        }
        action={
          team?.CanManagePlans ? (
            <Link to={`${getHref('plans')}?new=1`}>
              <Button type="primary">Create a plan</Button>
            </Link>
          ) : null
        }
      />
    </Card>
  );
};

/**
 * Renders a plan-wide screen for the context plan once it is known: a loading state while the
 * plans load, an error with retry, the empty state when there is no plan, else `children(planId)`.
 */
export const ContextPlanGate = ({
  title,
  what,
  pending,
  error,
  onRetry,
  planId,
  hasPlans = true,
  children,
}: {
  title: string;
  what: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  planId: string | null;
  /** Whether the user has any plan at all (of any state, in any team they see). */
  hasPlans?: boolean;
  children: (planId: string) => ReactNode;
}) => {
  if (planId) return <>{children(planId)}</>;
  return (
    <>
      <PageHeader title={title} />
      {pending ? (
        <LoadingState label="Loading your plans…" />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} title="Your plans could not be loaded." />
      ) : (
        <NoContextPlan what={what} hasPlans={hasPlans} />
      )}
    </>
  );
};
