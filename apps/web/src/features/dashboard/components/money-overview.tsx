import type { Dashboard } from '@plansmith/contract';
import { Card, Col, Flex, Progress, Row, Statistic, Typography } from 'antd';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';
import { FxVarianceCard, showsFxVariance } from '../../../shared/ui/fx-variance-card.tsx';
import { LandingCard } from '../../../shared/ui/landing-card.tsx';

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Budget, committed, spent and available with progress bars, and the burn rate against time. */
export const MoneyOverview = ({ dashboard }: { dashboard: Dashboard }) => {
  const { Budgeted, Planned, Committed, Actual, Available, LeftToPlan, BurnRate, ElapsedRatio } = dashboard;
  const cards = [
    {
      title: 'Budget',
      value: Budgeted,
      percent: 100,
      color: '#389e0d',
      note: `${formatDate(dashboard.StartDate)} – ${formatDate(dashboard.EndDate)}`,
    },
    { title: 'Planned', value: Planned, percent: share(Planned, Budgeted), color: '#9254de', note: 'Expected, not yet signed' },
    { title: 'Committed', value: Committed, percent: share(Committed, Budgeted), color: '#faad14', note: 'Signed, not yet paid' },
    { title: 'Actual', value: Actual, percent: share(Actual, Budgeted), color: '#0958d9', note: 'Spent' },
    {
      title: 'Available',
      value: Available,
      percent: Math.max(0, share(Available, Budgeted)),
      color: Available < 0 ? '#cf1322' : '#13c2c2',
      note: 'Budget − committed − actual',
    },
    {
      title: 'Left to plan',
      value: LeftToPlan,
      percent: Math.max(0, share(LeftToPlan, Budgeted)),
      color: LeftToPlan < 0 ? '#cf1322' : '#52c41a',
      note: LeftToPlan < 0 ? 'Over-planned: budget − planned − committed − actual' : 'Budget − planned − committed − actual',
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={card.title} value={formatBase(card.value)} valueStyle={{ color: card.value < 0 ? '#cf1322' : undefined }} />
            <Progress
              percent={card.percent}
              showInfo={false}
              strokeColor={card.color}
              aria-label={`${card.title} ${card.percent}% of budget`}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {card.note}
            </Typography.Text>
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <LandingCard landing={dashboard.Landing} />
      </Col>
      {showsFxVariance(dashboard.FxVariance, dashboard.ForeignExpenseCount) && (
        <Col span={24}>
          <FxVarianceCard
            fxVariance={dashboard.FxVariance}
            foreignExpenseCount={dashboard.ForeignExpenseCount}
            baseCurrency={dashboard.BaseCurrency}
          />
        </Col>
      )}
      <Col span={24}>
        <Card size="small">
          <Flex vertical gap={4}>
            <Typography.Text strong>Burn rate against time</Typography.Text>
            <Flex align="center" gap={12}>
              <Typography.Text style={{ width: 110 }}>Budget spent</Typography.Text>
              <Progress
                style={{ flex: 1, margin: 0 }}
                percent={Math.round(BurnRate * 100)}
                status={BurnRate > 1 ? 'exception' : 'normal'}
                format={() => formatPercent(BurnRate)}
                aria-label={`Burn rate ${formatPercent(BurnRate)}`}
              />
            </Flex>
            <Flex align="center" gap={12}>
              <Typography.Text style={{ width: 110 }}>Time elapsed</Typography.Text>
              <Progress
                style={{ flex: 1, margin: 0 }}
                percent={Math.round(ElapsedRatio * 100)}
                strokeColor="#8c8c8c"
                format={() => formatPercent(ElapsedRatio)}
                aria-label={`Time elapsed ${formatPercent(ElapsedRatio)}`}
              />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {BurnRate > ElapsedRatio + 0.05
                ? 'Spending is ahead of time: the budget is being used faster than the plan runs.'
                : BurnRate < ElapsedRatio - 0.15
                  ? 'Spending is behind time: money planned for earlier months is still unspent.'
                  : 'Spending is on pace with the plan.'}
            </Typography.Text>
          </Flex>
        </Card>
      </Col>
    </Row>
  );
};
