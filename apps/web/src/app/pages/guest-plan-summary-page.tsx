import { getHref } from '@plansmith/contract';
import { Button, Card, Result } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useGuestPlanSummary } from '../../features/guest/api/guest-queries.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import { GUEST_ACCESS_KEY } from '../../shared/api/session.ts';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const GuestPlanSummaryView = lazyPart(
  async () => (await import('../../features/guest/components/guest-plan-summary.tsx')).GuestPlanSummaryView,
);

/**
 * The guest view of a shared plan (SPEC.md §2, DESIGN.md §5 and §7.7): addressed by the plan's
 * share key, read-only, no account needed. Sets the guest flag that keeps the app from sending
 * the visitor to the sign-in page.
 */
export const GuestPlanSummaryPage = () => {
  const { id = '' } = useParams();
  useEffect(() => {
    sessionStorage.setItem(GUEST_ACCESS_KEY, 'true');
  }, []);
  const summary = useGuestPlanSummary(id);

  const notAvailable = summary.error instanceof ApiError && (summary.error.status === 404 || summary.error.status === 400);
  return (
    <Card style={{ width: '100%', maxWidth: 960 }} styles={{ body: { padding: 32 } }}>
      {summary.isLoading ? (
        <LoadingState label="Loading the plan summary…" />
      ) : notAvailable ? (
        <Result
          status="404"
          title="This plan summary is not available"
          subTitle="The link may be mistyped, or the plan’s owner has stopped sharing it. Ask them for a new link."
          extra={
            <Link to={getHref('login')}>
              <Button type="primary">Sign in to Plansmith</Button>
            </Link>
          }
        />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} title="The plan summary could not be loaded." />
      ) : summary.data ? (
        <GuestPlanSummaryView summary={summary.data} />
      ) : null}
    </Card>
  );
};
