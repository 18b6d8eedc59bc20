import { getHref } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';

/** Shown by the plan-wide screens until a context plan is chosen in the context bar. */
export const NoContextPlan = ({ what }: { what: string }) => (
  <Card>
    <EmptyState
      description={`Choose a plan in the context bar above to see its ${what}.`}
      action={
        <Link to={getHref('plans')}>
          <Button type="primary">Go to plans</Button>
        </Link>
      }
    />
  </Card>
);

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
  children,
}: {
  title: string;
  what: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  planId: string | null;
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
        <NoContextPlan what={what} />
      )}
    </>
  );
};
