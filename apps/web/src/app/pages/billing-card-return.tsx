import { getHref } from '@plansmith/contract';
import { Alert, App, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompleteCardSetup } from '../../features/billing/api/billing-api.ts';
import { errorMessage } from '../../shared/api/api-error.ts';

export type CardPurpose = 'upgrade' | 'card';

/** Where the card form returns: the billing page, told what the card was for. */
export const returnPathFor = (purpose: CardPurpose) => `${getHref('billing')}?card=${purpose}`;

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
