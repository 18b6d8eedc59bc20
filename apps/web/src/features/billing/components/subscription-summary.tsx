import type { Subscription } from '@plansmith/contract';
import { Descriptions, Tag } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const brandName = (brand: string) => (brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1));

/** Current plan, billing cycle, next charge and payment method. */
export const SubscriptionSummary = ({ subscription }: { subscription: Subscription }) => {
  const s = subscription;
  const nextCharge = s.CancelAtPeriodEnd
    ? `None: the plan ends on ${s.NextChargeDate ? dateFormat.format(new Date(s.NextChargeDate)) : 'the end of the period'}`
    : s.NextChargeAmount !== null && s.NextChargeDate
      ? `${formatBase(s.NextChargeAmount)} on ${dateFormat.format(new Date(s.NextChargeDate))}`
      : 'None';
  return (
    <Descriptions column={1} bordered size="middle">
      <Descriptions.Item label="Current plan">
        <strong>{s.PlanName}</strong>{' '}
        <Tag color={s.Status === 'active' || s.Status === 'free' ? 'green' : 'orange'}>
          {s.CancelAtPeriodEnd ? 'Cancels at period end' : s.Status}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Billing cycle">
        {s.BillingCycle === null ? 'Free' : s.BillingCycle === 'year' ? 'Annually' : 'Monthly'}
      </Descriptions.Item>
      <Descriptions.Item label="Price">{s.BillingCycle === null ? formatBase(0) : `${formatBase(s.PerMonth)} per month`}</Descriptions.Item>
      <Descriptions.Item label="Next charge">{nextCharge}</Descriptions.Item>
      <Descriptions.Item label="Payment method">
        {s.PaymentMethod
          ? `${brandName(s.PaymentMethod.Brand)} ending in ${s.PaymentMethod.Last4} (expires ${String(s.PaymentMethod.ExpMonth).padStart(2, '0')}/${s.PaymentMethod.ExpYear})`
          : 'None on file'}
      </Descriptions.Item>
    </Descriptions>
  );
};
