import { type CardSetup, getHref } from '@plansmith/contract';
import { Alert, App, Button, Descriptions, Flex, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompleteCardSetup } from '../../features/billing/api/billing-api.ts';
import { CardEntry } from '../../features/payments/components/card-entry.tsx';
import type { CardFormHandle } from '../../features/payments/components/card-form.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { formatUsd } from '../../shared/format/money.ts';

export type CardPurpose = 'upgrade' | 'card';

/** Where the card form returns: the billing page, told what the card was for. */
const returnPathFor = (purpose: CardPurpose) => `${getHref('billing')}?card=${purpose}`;

/**
 * The card step of billing, composed from the payments feature's card form (the one sign-up uses):
 * a summary, the card fields, Cancel and the submit button. Confirming the card leaves for the
 * billing page with Stripe's setup_intent query, where useCardSetupReturn finishes the job.
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
              <strong data-testid="billing-total-due">{formatUsd(setup.Total)}</strong>
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

/**
 * Finishes a confirmed card setup when the browser is back on /account/biling with Stripe's query:
 * an upgrade goes on to the confirmation page; a new card shows a message here. Runs once.
 */
export const useCardSetupReturn = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const complete = useCompleteCardSetup();
  const handled = useRef(false);
  const setupIntentId = params.get('setup_intent');
  const clientSecret = params.get('setup_intent_client_secret');
  const purpose = params.get('card') === 'card' ? 'card' : 'upgrade';
  useEffect(() => {
    if (handled.current || !setupIntentId || !clientSecret) return;
    handled.current = true;
    complete.mutate(
      { setupIntentId, clientSecret },
      {
        onSuccess: (subscription) => {
          if (purpose === 'upgrade') {
            navigate(getHref('subscriptionCompleted', {}, { plan: subscription.PlanName, cycle: subscription.BillingCycle ?? '' }), {
              replace: true,
            });
          } else {
            void message.success('Your new card is on file.');
            setParams({}, { replace: true });
          }
        },
        onError: () => setParams({}, { replace: true }),
      },
    );
  }, [setupIntentId, clientSecret, purpose, complete, navigate, message, setParams]);
  return {
    finishing: complete.isPending || Boolean(setupIntentId && !handled.current),
    error: complete.isError ? (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={purpose === 'upgrade' ? 'Your plan was not changed' : 'Your card was not changed'}
        description={errorMessage(complete.error)}
      />
    ) : null,
  };
};

export const CardStepTitle = ({ children }: { children: ReactNode }) => (
  // h2 under the page's h1 (no skipped level), drawn at antd's h4 size.
  <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20, lineHeight: '28px' }}>
    {children}
  </Typography.Title>
);
