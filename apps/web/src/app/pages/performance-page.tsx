import { type DeltaPeriod, getHref } from '@plansmith/contract';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { usePerformance } from '../../features/performance/api/performance-queries.ts';
import { AttainmentList } from '../../features/performance/components/attainment-list.tsx';
import { CostPerResultChart } from '../../features/performance/components/lazy-cost-per-result-chart.tsx';
import { FunnelComparison } from '../../features/performance/components/lazy-funnel-comparison.tsx';
import { KpiTiles } from '../../features/performance/components/kpi-tiles.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { MoneyStats } from '../../shared/ui/money-stats.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

const PerformanceForPlan = ({ planId }: { planId: string }) => {
  const [deltaPeriod, setDeltaPeriod] = useState<DeltaPeriod>('Month');
  const performance = usePerformance(planId, deltaPeriod);
  if (performance.isPending) return <LoadingState label="Loading performance…" />;
  if (performance.isError) {
    return <ErrorState error={performance.error} onRetry={() => void performance.refetch()} title="Performance could not be loaded." />;
  }
  const data = performance.data;
  const hasObjectives = data.Objectives.some((objective) => objective.Active);
  const hasCountResults = data.Months.some((month) => month.CountResults > 0);
  return (
    <>
      <PageHeader title="Performance" subtitle={data.PlanName} />
      <section aria-label="Key figures">
        <KpiTiles
          now={data.Kpis}
          before={data.PreviousKpis}
          period={deltaPeriod}
          onPeriodChange={setDeltaPeriod}
          planStart={data.StartDate}
        />
      </section>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={10}>
          <Card title="Attainment per objective" extra={<Link to={getHref('objectives')}>Objectives</Link>}>
            {hasObjectives ? (
              <AttainmentList objectives={data.Objectives} />
            ) : (
              <EmptyState
                description="No objectives yet. Add what the plan must achieve to see attainment, value and cost per result here."
                action={
                  <Link to={getHref('objectives')}>
                    <Button type="primary">Go to objectives</Button>
                  </Link>
                }
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title="Cost per result by month">
            {hasCountResults ? (
              <CostPerResultChart months={data.Months} />
            ) : (
              <EmptyState description="Record results on a count objective (leads, attendees) and link its budget items to see the cost per result by month." />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title="Plan money" size="small">
            <MoneyStats
              bordered={false}
              figures={{
                budget: data.Budget,
                planned: data.Planned,
                committed: data.Committed,
                actual: data.Spent,
                available: data.Available,
                leftToPlan: data.LeftToPlan,
              }}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            title="Funnel: planned vs expected vs actual"
            extra={
              <span style={{ display: 'inline-flex', gap: 16 }}>
                <Link to={getHref('funnels')}>Funnel model</Link>
                <Link to={getHref('expectations')}>Expectations</Link>
              </span>
            }
          >
            {data.Funnel === null ? (
              <EmptyState
                description="No funnel model yet. Set the revenue goal, deal size and conversion rates to compare each stage’s planned, expected and actual volume here."
                action={
                  <Link to={getHref('funnels')}>
                    <Button type="primary">Go to funnels</Button>
                  </Link>
                }
              />
            ) : data.Funnel.length === 0 ? (
              <EmptyState description="No active funnel stages. Add them in Account › Lookups." />
            ) : (
              <FunnelComparison stages={data.Funnel} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
};

export const PerformancePage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Performance"
      what="performance"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => <PerformanceForPlan planId={planId} />}
    </ContextPlanGate>
  );
};
