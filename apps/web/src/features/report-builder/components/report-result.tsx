import { PIVOT_NOT_BY_KEY, type PivotResult } from '@plansmith/contract';
import { Card, Flex, Spin, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazyPart } from '../../../shared/ui/lazy-part.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { measureLabel, monthLabel } from '../lib/definition.ts';
import { chartPoints } from '../lib/pivot-lines.ts';
import { PivotChart } from './lazy-pivot-chart.tsx';

const PivotTable = lazyPart(async () => (await import('./pivot-table.tsx')).PivotTable, <LoadingState label="Loading the table…" />);

/** "(Not by payee)" rows: why budget money sits apart under an expense-level dimension. */
const notByLabels = (result: PivotResult): string[] => [
  ...new Set(result.Rows.flatMap((row) => row.Keys.filter((key) => key.Key === PIVOT_NOT_BY_KEY).map((key) => key.Label))),
];

export const periodText = (from: string, to: string): string =>
  from.slice(0, 7) === to.slice(0, 7) ? monthLabel(from.slice(0, 7)) : `${monthLabel(from.slice(0, 7))} – ${monthLabel(to.slice(0, 7))}`;

/** The report as it stands: loading, an error to act on, nothing in the period, or its chart and table. */
export const ReportResult = ({ pivot, missing }: { pivot: UseQueryResult<PivotResult>; missing: string | null }) => {
  if (missing) {
    return (
      <Card>
        <EmptyState description={missing} />
      </Card>
    );
  }
  if (pivot.isPending) return <LoadingState label="Building the report…" />;
  if (pivot.isError && !pivot.data)
    return <ErrorState error={pivot.error} onRetry={() => void pivot.refetch()} title="The report could not be built." />;
  const result = pivot.data;
  if (!result) return null;
  const updating = pivot.isFetching && pivot.isPlaceholderData;
  const { measure, leftOut } = chartPoints(result);
  const notBy = notByLabels(result);
  return (
    <Flex vertical gap={16} aria-busy={updating}>
      {pivot.isError ? (
        <ErrorState
          error={pivot.error}
          onRetry={() => void pivot.refetch()}
          title="The report could not be updated; the figures below are the last ones."
        />
      ) : null}
      <div role="status" aria-live="polite" style={{ minHeight: 22 }}>
        {updating ? (
          <Typography.Text type="secondary">
            <Spin size="small" /> Updating the report…
          </Typography.Text>
        ) : null}
      </div>
      {result.Rows.length === 0 ? (
        <Card>
          <EmptyState
            description={`No money in ${periodText(result.From, result.To)} for these plans and filters. Choose another period, plan or filter.`}
          />
        </Card>
      ) : (
        <>
          <Card
            title={
              measure
                ? `${measureLabel(measure)} by ${result.Columns.length > 0 ? 'period' : (result.Dimensions[0]?.Label ?? '')}`
                : 'Chart'
            }
          >
            <PivotChart result={result} />
            {leftOut > 0 ? (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                The chart shows the first 24 values; the table has all {leftOut + 24}.
              </Typography.Paragraph>
            ) : null}
          </Card>
          <Card
            title={`${periodText(result.From, result.To)}${result.CompareFrom && result.CompareTo ? ` compared with ${periodText(result.CompareFrom, result.CompareTo)}` : ''}`}
          >
            <PivotTable result={result} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Whole months count. Available = budget − committed − actual; variance = budget − actual; variance % = variance ÷ budget.
              {notBy.length > 0
                ? ` Budget, baseline and forecast belong to budget items, not to single expenses, so under ${notBy.join(' and ')} they are in that row and the rows still add up to the total.`
                : ''}
            </Typography.Paragraph>
          </Card>
        </>
      )}
    </Flex>
  );
};
