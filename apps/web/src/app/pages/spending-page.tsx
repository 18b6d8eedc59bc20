import { Card, Col, Row, Typography } from 'antd';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { useSpendingReport } from '../../features/spending/api/spending-queries.ts';
import {
  CategorySpendChart,
  CumulativeBurnChart,
  MonthlySpendChart,
  PayeeSpendChart,
} from '../../features/spending/components/lazy-charts.tsx';
import { formatPercent } from '../../shared/format/money.ts';
import { FxVarianceCard, showsFxVariance } from '../../shared/ui/fx-variance-card.tsx';
import { MoneyStats } from '../../shared/ui/money-stats.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

const SpendingForPlan = ({ planId }: { planId: string }) => {
  const spending = useSpendingReport(planId);
  if (spending.isLoading) return <LoadingState label="Loading spending…" />;
  if (spending.isError) {
    return <ErrorState error={spending.error} onRetry={() => void spending.refetch()} title="Spending could not be loaded." />;
  }
  const data = spending.data;
  if (!data) return null;
  const burn = data.Budgeted > 0 ? data.Actual / data.Budgeted : 0;
  return (
    <>
      <PageHeader title="Spending" subtitle={data.PlanName} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <MoneyStats
            figures={{
              budget: data.Budgeted,
              planned: data.Planned,
              committed: data.Committed,
              actual: data.Actual,
              available: data.Available,
              leftToPlan: data.LeftToPlan,
            }}
          />
          <Typography.Text type="secondary">
            Spent {formatPercent(burn)} of the budget with {formatPercent(data.ElapsedRatio)} of the plan elapsed.
          </Typography.Text>
        </Col>
        {showsFxVariance(data.FxVariance, data.ForeignExpenseCount) && (
          <Col span={24}>
            <FxVarianceCard fxVariance={data.FxVariance} foreignExpenseCount={data.ForeignExpenseCount} baseCurrency={data.BaseCurrency} />
          </Col>
        )}
        <Col span={24}>
          <Card title="Spend by month against the phased budget">
            <MonthlySpendChart months={data.Months} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title="Cumulative spend against budget">
            <CumulativeBurnChart months={data.Months} asOf={data.AsOf} elapsedRatio={data.ElapsedRatio} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="By category">
            {data.ByCategory.length ? (
              <CategorySpendChart categories={data.ByCategory} />
            ) : (
              <EmptyState description="No budget or spend yet." />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="By payee">
            {data.ByPayee.length ? (
              <PayeeSpendChart payees={data.ByPayee} />
            ) : (
              <EmptyState description="No committed or actual spend yet." />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
};

export const SpendingPage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Spending"
      what="spending"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
      hasPlans={(plans.data?.length ?? 0) > 0}
    >
      {(planId) => <SpendingForPlan planId={planId} />}
    </ContextPlanGate>
  );
};
