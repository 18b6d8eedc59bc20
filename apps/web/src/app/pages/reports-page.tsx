import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Typography } from 'antd';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { useBudgetCategoriesReport } from '../../features/reports/api/report-queries.ts';
import { CategoryReportChart } from '../../features/reports/components/lazy-report-chart.tsx';
import { ReportTabs } from '../../features/reports/components/report-tabs.tsx';
import { downloadReportCsv, downloadReportXlsx } from '../../features/reports/lib/report-export.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { FxVarianceCard, showsFxVariance } from '../../shared/ui/fx-variance-card.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const CategoryReportTable = lazyPart(
  async () => (await import('../../features/reports/components/category-report-table.tsx')).CategoryReportTable,
);

/** Printing shows the report alone: no navigation, context bar or buttons. */
const PRINT_CSS = `
@media print {
  .ant-layout-sider, .ant-layout-header, .no-print { display: none !important; }
  .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  .screen-only { display: none !important; }
  .print-only { display: block !important; }
  .ant-card { box-shadow: none !important; border: 0 !important; break-inside: avoid; }
  .report-table tr { break-inside: avoid; }
}
@media screen { .print-only { display: none; } }`;

const ReportForPlan = ({ planId }: { planId: string }) => {
  const { message } = App.useApp();
  const report = useBudgetCategoriesReport(planId);
  if (report.isLoading) return <LoadingState label="Loading the report…" />;
  if (report.isError)
    return <ErrorState error={report.error} onRetry={() => void report.refetch()} title="The report could not be loaded." />;
  if (!report.data) return null;
  const data = report.data;
  const exportXlsx = () => downloadReportXlsx(data).catch((error: unknown) => message.error(errorMessage(error)));
  return (
    <>
      <PageHeader
        title="Budget categories report"
        subtitle={`${data.PlanName} · ${formatDate(data.StartDate)} – ${formatDate(data.EndDate)}`}
        actions={
          <Flex gap={8} className="no-print" wrap>
            <Button icon={<DownloadOutlined />} onClick={() => downloadReportCsv(data)}>
              Export CSV
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportXlsx}>
              Export XLSX
            </Button>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              Print
            </Button>
          </Flex>
        }
      />
      {data.Rows.length === 0 ? (
        <Card>
          <EmptyState description="This plan has no budget categories with money yet." />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {showsFxVariance(data.Totals.FxVariance, data.ForeignExpenseCount) && (
            <FxVarianceCard
              fxVariance={data.Totals.FxVariance}
              foreignExpenseCount={data.ForeignExpenseCount}
              baseCurrency={data.BaseCurrency}
            />
          )}
          <Card title="Budgeted, committed and actual by category">
            <div className="screen-only">
              <CategoryReportChart report={data} />
            </div>
            <div className="print-only">
              <CategoryReportChart report={data} width={680} />
            </div>
          </Card>
          <Card title="By category and type">
            <CategoryReportTable report={data} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Available = budgeted − committed − actual. Variance = budgeted − actual (negative: over budget). % spent = actual ÷ budgeted.
              Forecast = where each line will land (closed months at their actual); forecast variance = budgeted − forecast. Every figure is
              in {data.BaseCurrency}
              {showsFxVariance(data.Totals.FxVariance, data.ForeignExpenseCount)
                ? '; FX variance = actual at the purchase months’ rates − actual at the plan’s budget rate (positive: cost more).'
                : '.'}
            </Typography.Paragraph>
          </Card>
        </Flex>
      )}
    </>
  );
};

export const ReportsPage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <>
      <style>{PRINT_CSS}</style>
      <ReportTabs />
      <ContextPlanGate
        title="Reports"
        what="budget categories report"
        pending={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        planId={plan?.Id ?? null}
        hasPlans={(plans.data?.length ?? 0) > 0}
      >
        {(planId) => <ReportForPlan planId={planId} />}
      </ContextPlanGate>
    </>
  );
};
