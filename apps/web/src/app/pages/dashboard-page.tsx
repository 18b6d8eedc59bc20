import { getHref } from '@plansmith/contract';
import { Alert, Card, Col, Row } from 'antd';
import { Link } from 'react-router';
import { ActivityList } from '../../features/activities/components/activity-list.tsx';
import { useDashboard } from '../../features/dashboard/api/dashboard-queries.ts';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { MoneyOverview } from '../../features/dashboard/components/money-overview.tsx';
import { OverdueExpenses } from '../../features/dashboard/components/overdue-expenses.tsx';
import { TopCategories } from '../../features/dashboard/components/top-categories.tsx';
import { MonthlySpendChart } from '../../features/spending/components/lazy-charts.tsx';
import { formatCount, formatBase } from '../../shared/format/money.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

const DashboardForPlan = ({ planId }: { planId: string }) => {
  const dashboard = useDashboard(planId);
  if (dashboard.isLoading) return <LoadingState label="Loading the dashboard…" />;
  if (dashboard.isError) {
    return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} title="The dashboard could not be loaded." />;
  }
  const data = dashboard.data;
  if (!data) return null;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={data.PlanName} />
      {data.WaitingForApproval.Count > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Waiting for approval: ${formatCount(data.WaitingForApproval.Count)} ${data.WaitingForApproval.Count === 1 ? 'request' : 'requests'}, ${formatBase(data.WaitingForApproval.Amount)}`}
          description={`Requested ${formatBase(data.Requested)} counts in neither Committed nor Actual until approved.`}
          action={<Link to={getHref('approvals')}>Approvals</Link>}
        />
      ) : null}
      <MoneyOverview dashboard={data} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card title="Spend by month" extra={<Link to={getHref('spending')}>Spending</Link>}>
            <MonthlySpendChart months={data.Months} height={280} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="Top categories" extra={<Link to={getHref('reports')}>Report</Link>}>
            <TopCategories categories={data.TopCategories} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Overdue planned or committed expenses" extra={<Link to={getHref('expenses')}>Expenses</Link>}>
            <OverdueExpenses expenses={data.Overdue} count={data.OverdueCount} amount={data.OverdueAmount} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Recent activity" extra={<Link to={getHref('plan', { id: data.MarketingPlanId })}>Plan</Link>}>
            <section aria-label="Recent activity">
              {data.RecentActivity.length ? (
                <ActivityList activities={data.RecentActivity} />
              ) : (
                <EmptyState description="No activity yet." />
              )}
            </section>
          </Card>
        </Col>
      </Row>
    </>
  );
};

export const DashboardPage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Dashboard"
      what="budget, spend and burn rate"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
      hasPlans={(plans.data?.length ?? 0) > 0}
    >
      {(planId) => <DashboardForPlan planId={planId} />}
    </ContextPlanGate>
  );
};
