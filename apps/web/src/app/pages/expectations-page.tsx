import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useExpectationGrid } from '../../features/expectations/api/expectation-queries.ts';
import { ExpectationGrid } from '../../features/expectations/components/expectation-grid.tsx';
import { GenerateButton } from '../../features/expectations/components/generate-button.tsx';
import { ShortfallAlert } from '../../features/expectations/components/shortfall-alert.tsx';
import { hasForecast } from '../../features/expectations/lib/grid-totals.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { KeyboardHint } from '../../shared/ui/keyboard-hint.tsx';

const ExpectationsForPlan = ({
  planId,
  planName,
  canEdit,
  isArchived,
}: {
  planId: string;
  planName: string;
  canEdit: boolean;
  isArchived: boolean;
}) => {
  const grid = useExpectationGrid(planId);
  const data = grid.data;
  const forecast = data ? hasForecast(data.Rows) : false;
  const header = (
    <PageHeader
      title="Expectations"
      subtitle={planName}
      actions={
        canEdit && data && data.Rows.length > 0 ? <GenerateButton planId={planId} hasModel={data.HasModel} hasForecast={forecast} /> : null
      }
    />
  );
  if (grid.isPending)
    return (
      <>
        {header}
        <LoadingState label="Loading the forecast…" />
      </>
    );
  if (grid.isError || !data) {
    return (
      <>
        {header}
        <ErrorState error={grid.error} onRetry={() => void grid.refetch()} title="The forecast could not be loaded." />
      </>
    );
  }
  if (data.Rows.length === 0) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            description="Your account has no funnel stages yet. Add them under Lookups, then forecast each stage here."
            action={
              <Link to={getHref('lookups')}>
                <Button type="primary">Go to lookups</Button>
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      {isArchived ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="This plan is archived: restore it on the Plans page to change its forecast."
        />
      ) : null}
      {data.Shortfall ? (
        <ShortfallAlert planId={planId} shortfall={data.Shortfall} canEdit={canEdit} extendHref={getHref('plan', { id: planId })} />
      ) : null}
      {!forecast ? (
        <Card style={{ marginBottom: 16 }}>
          <EmptyState
            description={
              data.HasModel
                ? 'No forecast yet. Generate it from the funnel model, or type expected counts into the grid below.'
                : 'No forecast yet. Set the revenue goal and conversion rates on the Funnels page, then generate the forecast here — or type counts into the grid below.'
            }
            action={
              data.HasModel ? (
                canEdit ? (
                  <GenerateButton planId={planId} hasModel hasForecast={false} type="primary" />
                ) : null
              ) : (
                <Link to={getHref('funnels')}>
                  <Button type="primary">Set up the funnel</Button>
                </Link>
              )
            }
          />
        </Card>
      ) : null}
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          Actuals are coloured against the forecast: <span style={{ color: '#237804' }}>at or above</span>,{' '}
          <span style={{ color: '#874d00' }}>within 10% below</span>, <span style={{ color: '#cf1322' }}>further behind</span>.
        </Typography.Text>
        {canEdit ? <KeyboardHint>Arrow keys move · Enter edits and saves · Escape cancels · Tab moves on</KeyboardHint> : null}
      </Flex>
      <ExpectationGrid grid={data} canEdit={canEdit} />
    </>
  );
};

/** /expectations: the context plan's forecast grid, month by stage, expected against actual. */
export const ExpectationsPage = () => {
  const { plan, plans } = useContextPlan();
  const isArchived = plan?.State === PLAN_STATE_ARCHIVED;
  return (
    <ContextPlanGate
      title="Expectations"
      what="forecast"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => (
        <ExpectationsForPlan
          planId={planId}
          planName={plan?.Name ?? ''}
          canEdit={Boolean(plan?.Permissions.CanEditBudget) && !isArchived}
          isArchived={isArchived}
        />
      )}
    </ContextPlanGate>
  );
};
