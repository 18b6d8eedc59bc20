import type { BillingCycle, Product } from '@plansmith/contract';
import { Alert, Button, Checkbox, Descriptions, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { formatBase } from '../../../shared/format/money.ts';
import { perMonthDollars } from '../lib/pricing.ts';
import { CardEntry } from './card-entry.tsx';
import type { CardFormHandle } from './card-form.ts';

type Props = {
  product: Product;
  cycle: BillingCycle;
  total: number;
  publicKey: string;
  sandbox: boolean;
  clientSecret: string;
  billingName: string;
  onBack: () => void;
};

/** Stage 2, Payment Options (SPEC.md §2): summary, total due today, the card form, terms, Back and Submit Order. */
export const PaymentStage = ({ product, cycle, total, publicKey, sandbox, clientSecret, billingName, onBack }: Props) => {
  const cardForm = useRef<CardFormHandle>(null);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    if (!cardForm.current) return;
    setSubmitting(true);
    const error = await cardForm.current.confirm();
    setFailed(Boolean(error));
    setSubmitting(false);
  };

  return (
    <div>
      <Typography.Title level={4}>Order summary</Typography.Title>
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="Plan">{product.Name}</Descriptions.Item>
        <Descriptions.Item label="Billing">{cycle === 'year' ? 'Billed annually' : 'Billed monthly'}</Descriptions.Item>
        <Descriptions.Item label="Price">{formatBase(perMonthDollars(product, cycle))} per month</Descriptions.Item>
        <Descriptions.Item label="Total due today">
          <strong data-testid="total-due-today">{formatBase(total)}</strong>
          {cycle === 'year' ? <Typography.Text type="secondary"> (12 months)</Typography.Text> : null}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={4}>Card details</Typography.Title>
      <CardEntry ref={cardForm} publicKey={publicKey} sandbox={sandbox} clientSecret={clientSecret} billingName={billingName} />
      <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} style={{ marginTop: 16 }}>
        I agree to the Plansmith <a href="/terms">Terms of Service</a>.
      </Checkbox>
      {failed && !sandbox ? (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} message="Please check your card details and try again." />
      ) : null}
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="primary" size="large" disabled={!agreed} loading={submitting} onClick={() => void submit()}>
          {submitting ? 'Processing...' : 'Submit Order'}
        </Button>
      </Flex>
    </div>
  );
};
