import { amountFitsCurrency, type CurrencyCode, currencyDecimalsMessage, currencyDigits } from '@plansmith/contract';
import { Alert, Button, Col, Flex, Row, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatMoney, formatBase } from '../../../shared/format/money.ts';
import { spreadEvenly } from '../lib/phasing.ts';
import { MoneyInput, moneyProblem } from '../../../shared/ui/money-input.tsx';

export type Phasing = { enabled: boolean; months: Record<string, number | null> };

const monthProblem = (amount: number | null | undefined, currency?: CurrencyCode): string | null => {
  if (amount === null || amount === undefined) return null;
  if (!currency) return moneyProblem(amount);
  if (amount < 0) return 'Amount cannot be negative.';
  return amountFitsCurrency(amount, currency) ? null : currencyDecimalsMessage('Amount', currency);
};

/** The monthly phasing of an item: one amount per month of the plan; the months must add up to the amount. */
export const MonthlyPhasingGrid = ({
  months,
  amount,
  value,
  disabled,
  currency,
  onChange,
}: {
  months: string[];
  amount: number;
  value: Phasing;
  disabled?: boolean;
  /** The item's currency when not the base (DESIGN.md §17): the months are in it, added up in its minor units. */
  currency?: CurrencyCode;
  onChange: (value: Phasing) => void;
}) => {
  const digits = currency ? currencyDigits(currency) : 2;
  const toMinor = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 10 ** digits);
  const fromMinor = (minor: number) => minor / 10 ** digits;
  const format = (amountIn: number) => (currency ? formatMoney(amountIn, currency) : formatBase(amountIn));
  const spread = (total: number) => spreadEvenly(total, months, digits);
  const totalCents = months.reduce((sum, month) => sum + toMinor(value.months[month]), 0);
  const total = fromMinor(totalCents);
  const difference = toMinor(amount) - totalCents;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <Switch
          checked={value.enabled}
          disabled={disabled}
          onChange={(enabled) => onChange({ enabled, months: enabled && total === 0 ? spread(amount) : value.months })}
          aria-label="Phase by month"
        />
        <Typography.Text>Phase by month</Typography.Text>
        {value.enabled ? (
          <Button size="small" disabled={disabled} onClick={() => onChange({ enabled: true, months: spread(amount) })}>
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
                  {...(currency ? { prefix: currency } : {})}
                  aria-label={`Amount for ${dayjs(`${month}-01`).format('MMMM YYYY')}`}
                  value={value.months[month] ?? null}
                  disabled={disabled}
                  status={monthProblem(value.months[month], currency) ? 'error' : undefined}
                  onChange={(next) => onChange({ enabled: true, months: { ...value.months, [month]: next } })}
                />
                {monthProblem(value.months[month], currency) ? (
                  <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                    {monthProblem(value.months[month], currency)}
                  </Typography.Text>
                ) : null}
              </Col>
            ))}
          </Row>
          {difference === 0 ? (
            <Typography.Text type="success">The months add up to the amount, {format(amount)}.</Typography.Text>
          ) : (
            <Alert
              type="warning"
              showIcon
              message={`The months add up to ${format(total)}: ${format(fromMinor(Math.abs(difference)))} ${difference > 0 ? 'short of' : 'over'} the amount, ${format(amount)}.`}
            />
          )}
        </>
      ) : (
        <Typography.Text type="secondary">Not phased: the amount covers the whole plan.</Typography.Text>
      )}
    </Flex>
  );
};
