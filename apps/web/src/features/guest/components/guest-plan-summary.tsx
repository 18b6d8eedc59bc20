import { EXPENSE_CATEGORY_TYPE_LABELS, type GuestPlanSummary } from '@plansmith/contract';
import { Card, Col, Flex, Progress, Row, Statistic, Table, Typography } from 'antd';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPercent, formatUsd } from '../../../shared/format/money.ts';

type Line = GuestPlanSummary['Categories'][number];

/** What a guest sees of a shared plan: name, dates, and money by category and type. Read-only. */
export const GuestPlanSummaryView = ({ summary }: { summary: GuestPlanSummary }) => {
  const spent = summary.Budgeted > 0 ? summary.Actual / summary.Budgeted : 0;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {summary.Name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {formatDate(summary.StartDate)} – {formatDate(summary.EndDate)} · read-only summary shared with you
        </Typography.Text>
        {summary.Description ? <Typography.Paragraph style={{ marginTop: 8 }}>{summary.Description}</Typography.Paragraph> : null}
      </div>
      <Row gutter={[16, 16]}>
        {(
          [
            ['Budget', summary.Budgeted],
            ['Committed', summary.Committed],
            ['Spent', summary.Actual],
            ['Available', summary.Available],
          ] as const
        ).map(([title, value]) => (
          <Col key={title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={title} value={formatUsd(value)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={`Spent ${formatPercent(spent)} of the budget`}>
        <Progress percent={Math.round(spent * 100)} showInfo={false} aria-label={`Spent ${formatPercent(spent)} of the budget`} />
      </Card>
      <Card size="small" title="By category">
        <Table<Line>
          rowKey={(line) => `${line.CategoryType}-${line.Name}`}
          size="small"
          pagination={false}
          dataSource={summary.Categories}
          scroll={{ x: 560 }}
          locale={{ emptyText: 'No budget in this plan yet.' }}
          columns={[
            { title: 'Category', dataIndex: 'Name', key: 'Name' },
            {
              title: 'Type',
              dataIndex: 'CategoryType',
              key: 'CategoryType',
              render: (type: Line['CategoryType']) => EXPENSE_CATEGORY_TYPE_LABELS[type],
            },
            { title: 'Budget', dataIndex: 'Budgeted', key: 'Budgeted', align: 'right', render: formatUsd },
            { title: 'Committed', dataIndex: 'Committed', key: 'Committed', align: 'right', render: formatUsd },
            { title: 'Spent', dataIndex: 'Actual', key: 'Actual', align: 'right', render: formatUsd },
            { title: 'Available', dataIndex: 'Available', key: 'Available', align: 'right', render: formatUsd },
          ]}
          summary={() => (
            <>
              {summary.Types.map((type) => (
                <Table.Summary.Row key={type.CategoryType}>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>{EXPENSE_CATEGORY_TYPE_LABELS[type.CategoryType]} total</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {formatUsd(type.Budgeted)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {formatUsd(type.Committed)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {formatUsd(type.Actual)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {formatUsd(type.Available)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ))}
            </>
          )}
        />
      </Card>
    </Flex>
  );
};
