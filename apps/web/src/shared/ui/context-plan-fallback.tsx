import { getHref } from '@plansmith/contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from './page-header.tsx';
import { Panel } from './panel.tsx';
import { EmptyState, ErrorState, LoadingState } from './query-state.tsx';

type PlansQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * What a page of the context plan shows while it has no plan: the plans loading, their error with a
 * retry, or (none live for the team) a way to the plans.
 */
export const ContextPlanFallback = ({ plans, title }: { plans: PlansQuery; title: string }) => {
  if (plans.isPending) return <LoadingState label="Loading your plans…" />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  return (
    <>
      <PageHeader title={title} />
      <Panel>
        <EmptyState
          description="No live plan for this team yet. Create a plan or choose one in the plan picker."
          action={
            <Link to={getHref('plans')}>
              <Button type="primary">Go to plans</Button>
            </Link>
          }
        />
      </Panel>
    </>
  );
};
