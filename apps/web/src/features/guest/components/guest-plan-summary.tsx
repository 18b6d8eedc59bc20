import { EXPENSE_CATEGORY_TYPE_LABELS, type GuestPlanSummary } from '@plansmith/contract';
import { Card, Flex, Progress, Table, Typography } from 'antd';
import { MoneyStats } from '../../../shared/ui/money-stats.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { setDisplayFormat } from '../../../shared/format/display-format.ts';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';

type Line = GuestPlanSummary['Categories'][number];

/** What a guest sees of a shared plan: name, dates, and money by category and type. Read-only. */
export const GuestPlanSummaryView = ({ summary }: { summary: GuestPlanSummary }) => {
  // A guest has no tenant to read the base currency from: the summary names it (DESIGN.md §17).
  // Idempotent, so it may run while rendering, before the figures below are formatted.
  setDisplayFormat({ baseCurrency: summary.BaseCurrency });
  const spent = summary.Budgeted > 0 ? summary.Actual / summary.Budgeted : 0;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {summary.Name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {formatDate(summary.StartDate)} – {formatDate(summary.EndDate)} · read-only summary shared with you · amounts in{' '}
          {summary.BaseCurrency}
        </Typography.Text>
        {summary.Description ? <Typography.Paragraph style={{ marginTop: 8 }}>{summary.Description}</Typography.Paragraph> : null}
      </div>
      <MoneyStats
        figures={{
          budget: summary.Budgeted,
          planned: summary.Planned,
          committed: summary.Committed,
          actual: summary.Actual,
          available: summary.Available,
          leftToPlan: summary.LeftToPlan,
        }}
      />
      <Card size="small" title={`Spent ${formatPercent(spent)} of the budget`}>
        <Progress percent={Math.round(spent * 100)} showInfo={false} aria-label={`Spent ${formatPercent(spent)} of the budget`} />
      </Card>
      <Card size="small" title="By category, grouped by category type">
        <Table<Line>
          rowKey={(line) => `${line.CategoryType}-${line.Name}`}
          size="small"
          pagination={false}
          dataSource={summary.Categories}
          scroll={{ x: 860 }}
          locale={{ emptyText: 'No budget in this plan yet.' }}
          columns={[
            { title: 'Category', dataIndex: 'Name', key: 'Name', fixed: 'left', width: 150 },
            {
              title: 'Category type',
              dataIndex: 'CategoryType',
              key: 'CategoryType',
              render: (type: Line['CategoryType']) => EXPENSE_CATEGORY_TYPE_LABELS[type],
            },
            { title: 'Budget', dataIndex: 'Budgeted', key: 'Budgeted', align: 'right', render: formatBase },
            { title: 'Planned', dataIndex: 'Planned', key: 'Planned', align: 'right', render: formatBase },
            { title: 'Committed', dataIndex: 'Committed', key: 'Committed', align: 'right', render: formatBase },
            { title: 'Actual', dataIndex: 'Actual', key: 'Actual', align: 'right', render: formatBase },
            { title: 'Available', dataIndex: 'Available', key: 'Available', align: 'right', render: formatBase },
            { title: 'Left to plan', dataIndex: 'LeftToPlan', key: 'LeftToPlan', align: 'right', render: formatBase },
          ]}
          summary={() => (
            <>
              {summary.Types.map((type) => (
                <Table.Summary.Row key={type.CategoryType}>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>{EXPENSE_CATEGORY_TYPE_LABELS[type.CategoryType]} categories total</strong>
                  </Table.Summary.Cell>
                  {[type.Budgeted, type.Planned, type.Committed, type.Actual, type.Available, type.LeftToPlan].map((value, index) => (
                    <Table.Summary.Cell
                      key={['Budgeted', 'Planned', 'Committed', 'Actual', 'Available', 'LeftToPlan'][index]}
                      index={index + 2}
                      align="right"
                    >
                      {formatBase(value)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ))}
            </>
          )}
        />
      </Card>
    </Flex>
  );
};
