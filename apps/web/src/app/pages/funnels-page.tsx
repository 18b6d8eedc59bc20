import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useExpectationGrid } from '../../features/expectations/api/expectation-queries.ts';
import { ShortfallAlert } from '../../features/expectations/components/shortfall-alert.tsx';
import { useFunnel } from '../../features/funnels/api/funnel-queries.ts';
import { FunnelChart } from '../../features/funnels/components/lazy-funnel-chart.tsx';
import { ReverseMathPanel } from '../../features/funnels/components/reverse-math-panel.tsx';
import { StageTable } from '../../features/funnels/components/lazy-stage-table.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

const FunnelForPlan = ({
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
  const funnel = useFunnel(planId);
  // The forecast grid says whether velocity pushes deals past the plan's end (its Shortfall).
  const grid = useExpectationGrid(planId);
  const shortfall = grid.data?.Shortfall ?? null;
  const header = (
    <PageHeader
      title="Funnels"
      subtitle={planName}
      actions={<Link to={getHref('expectations')}>Forecast and actual counts by month</Link>}
    />
  );
  // The shortfall alert sits above the panels: drawing them before the forecast grid has answered
  // moved them down under the reader when it came (Lighthouse measured CLS 0.34 on a phone). A grid
  // that fails leaves the page without the alert, not without its funnel.
  if (funnel.isPending || grid.isPending)
    return (
      <>
        {header}
        <LoadingState label="Loading the funnel…" />
      </>
    );
  if (funnel.isError) {
    return (
      <>
        {header}
        <ErrorState error={funnel.error} onRetry={() => void funnel.refetch()} title="The funnel could not be loaded." />
      </>
    );
  }
  const data = funnel.data;
  if (data.Stages.length === 0) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            description="Your account has no funnel stages yet. Add them (for example Lead, Opportunity, Customer) under Lookups first."
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
          message="This plan is archived: restore it on the Plans page to change its funnel."
        />
      ) : null}
      {shortfall ? (
        <ShortfallAlert planId={planId} shortfall={shortfall} canEdit={canEdit} extendHref={getHref('plan', { id: planId })} />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ReverseMathPanel funnel={data} canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Planned against actual, per stage">
            {data.HasModel || data.Stages.some((stage) => stage.Actual > 0) ? (
              <FunnelChart stages={data.Stages} />
            ) : (
              <EmptyState description="Set the revenue goal to see the volume each stage needs." />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title="Stages" extra={canEdit && data.HasModel ? 'Enter edits a rate or days, Enter saves, Escape cancels.' : null}>
            <StageTable funnel={data} canEdit={canEdit} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Actual counts are entered per month beside the forecast:{' '}
              <Link to={getHref('expectations')} style={{ textDecoration: 'underline' }}>
                enter actuals on the Expectations page
              </Link>
              .
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
};

/** /funnels: the context plan's funnel model, its reverse math and the actual volume per stage. */
export const FunnelsPage = () => {
  const { plan, plans } = useContextPlan();
  const isArchived = plan?.State === PLAN_STATE_ARCHIVED;
  return (
    <ContextPlanGate
      title="Funnels"
      what="funnel"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => (
        <FunnelForPlan
          planId={planId}
          planName={plan?.Name ?? ''}
          canEdit={Boolean(plan?.Permissions.CanEditBudget) && !isArchived}
          isArchived={isArchived}
        />
      )}
    </ContextPlanGate>
  );
};
