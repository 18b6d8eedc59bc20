import type { CardSetup } from '@plansmith/contract';
import { Button, Descriptions, Flex } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { CardEntry } from '../../features/payments/components/card-entry.tsx';
import type { CardFormHandle } from '../../features/payments/components/card-form.ts';
import { formatBase } from '../../shared/format/money.ts';

import { type CardPurpose, returnPathFor } from './billing-card-return.tsx';

/**
 * The card step of billing, composed from the payments feature's card form (the one sign-up uses):
 * a summary, the card fields, Cancel and the submit button. Confirming the card leaves for the
 * billing page with Stripe's setup_intent query, where useCardSetupReturn finishes the job. Loaded
 * when the Owner goes on to pay, so the card form is not part of the billing page's first load.
 */
export const BillingCardStep = ({
  purpose,
  setup,
  billingName,
  summary,
  onCancel,
}: {
  purpose: CardPurpose;
  setup: CardSetup;
  billingName: string;
  summary?: { label: string; value: ReactNode }[];
  onCancel: () => void;
}) => {
  const cardForm = useRef<CardFormHandle>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    if (!cardForm.current) return;
    setSubmitting(true);
    await cardForm.current.confirm();
    setSubmitting(false);
  };
  return (
    <div>
      {summary?.length || setup.Total !== null ? (
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
          {(summary ?? []).map((row) => (
            <Descriptions.Item key={row.label} label={row.label}>
              {row.value}
            </Descriptions.Item>
          ))}
          {setup.Total !== null ? (
            <Descriptions.Item label="Total due today">
              <strong data-testid="billing-total-due">{formatBase(setup.Total)}</strong>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      <CardEntry
        ref={cardForm}
        publicKey={setup.PublicKey}
        sandbox={setup.Sandbox}
        clientSecret={setup.SetupToken}
        billingName={billingName}
        returnPath={returnPathFor(purpose)}
      />
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {submitting ? 'Processing...' : purpose === 'upgrade' ? 'Pay and upgrade' : 'Save card'}
        </Button>
      </Flex>
    </div>
  );
};
