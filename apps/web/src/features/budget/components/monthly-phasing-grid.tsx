import { sumCents, toCents, toDollars } from '@plansmith/contract';
import { Alert, Button, Col, Flex, Row, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatUsd } from '../../../shared/format/money.ts';
import { spreadEvenly } from '../lib/phasing.ts';
import { MoneyInput, moneyProblem } from '../../../shared/ui/money-input.tsx';

export type Phasing = { enabled: boolean; months: Record<string, number | null> };

const monthProblem = (amount: number | null | undefined): string | null =>
  amount === null || amount === undefined ? null : moneyProblem(amount);

/** The monthly phasing of an item: one amount per month of the plan; the months must add up to the amount. */
export const MonthlyPhasingGrid = ({
  months,
  amount,
  value,
  disabled,
  onChange,
}: {
  months: string[];
  amount: number;
  value: Phasing;
  disabled?: boolean;
  onChange: (value: Phasing) => void;
}) => {
  const totalCents = sumCents(months.map((month) => value.months[month]));
  const total = toDollars(totalCents);
  const difference = toCents(amount) - totalCents;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <Switch
          checked={value.enabled}
          disabled={disabled}
          onChange={(enabled) => onChange({ enabled, months: enabled && total === 0 ? spreadEvenly(amount, months) : value.months })}
          aria-label="Phase by month"
        />
        <Typography.Text>Phase by month</Typography.Text>
        {value.enabled ? (
          <Button size="small" disabled={disabled} onClick={() => onChange({ enabled: true, months: spreadEvenly(amount, months) })}>
            Spread evenly
          </Button>
        ) : null}
      </Flex>
      {value.enabled ? (
        <>
          <Row gutter={[12, 12]}>
            {months.map((month) => (
              <Col key={month} xs={12} sm={8} md={6} lg={4}>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {dayjs(`${month}-01`).format('MMM YYYY')}
                </Typography.Text>
                <MoneyInput
                  aria-label={`Amount for ${dayjs(`${month}-01`).format('MMMM YYYY')}`}
                  value={value.months[month] ?? null}
                  disabled={disabled}
                  status={monthProblem(value.months[month]) ? 'error' : undefined}
                  onChange={(next) => onChange({ enabled: true, months: { ...value.months, [month]: next } })}
                />
                {monthProblem(value.months[month]) ? (
                  <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                    {monthProblem(value.months[month])}
                  </Typography.Text>
                ) : null}
              </Col>
            ))}
          </Row>
          {difference === 0 ? (
            <Typography.Text type="success">The months add up to the amount, {formatUsd(amount)}.</Typography.Text>
          ) : (
            <Alert
              type="warning"
              showIcon
              message={`The months add up to ${formatUsd(total)}: ${formatUsd(toDollars(Math.abs(difference)))} ${difference > 0 ? 'short of' : 'over'} the amount, ${formatUsd(amount)}.`}
            />
          )}
        </>
      ) : (
        <Typography.Text type="secondary">Not phased: the amount covers the whole plan.</Typography.Text>
      )}
    </Flex>
  );
};
