import { CheckCircleTwoTone } from '@ant-design/icons';
import { getHref } from '@plansmith/contract';
import { Alert, Button, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFinalizePayment } from '../../features/payments/api/payments-api.ts';
import { SignupCard } from '../../features/registration/components/signup-steps.tsx';
import { readRegisteredUser } from '../../features/registration/registered-user.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { LoadingState } from '../../shared/ui/query-state.tsx';

/** Finalizes once per setup intent even if React mounts the page twice. */
const finalized = new Set<string>();

/**
 * Thank You, Order Complete, Next Steps, Sign in (SPEC.md §2, §4). With redirect_status=succeeded
 * it finalizes the payment with the setup intent id and client secret from the query.
 */
export const RegisterCompletedPage = () => {
  const [params] = useSearchParams();
  const user = readRegisteredUser();
  const finalize = useFinalizePayment();
  const status = params.get('redirect_status');
  const setupIntentId = params.get('setup_intent') ?? '';
  const clientSecret = params.get('setup_intent_client_secret') ?? '';
  const signedIn = Boolean(finalize.data?.Session);
  const run = () => {
    if (user && status === 'succeeded' && setupIntentId && clientSecret) {
      finalize.mutate({ applicationId: user.ApplicationId, setupIntentId, clientSecret });
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: finalize once per setup intent on arrival.
  useEffect(() => {
    if (finalized.has(setupIntentId)) return;
    finalized.add(setupIntentId);
    run();
  }, [setupIntentId]);

  const order = (() => {
    if (!status) return null;
    if (status !== 'succeeded') {
      return (
        <Alert
          type="warning"
          showIcon
          message="Your payment was not completed."
          description={<Link to={getHref('registerPayment')}>Go back to the payment step</Link>}
        />
      );
    }
    if (!user)
      return <Alert type="warning" showIcon message="Your sign-up session has ended. Sign in to see your plan under Account > Billing." />;
    if (finalize.isPending || finalize.isIdle) return <LoadingState label="Completing your order…" />;
    if (finalize.isError) {
      return (
        <Alert
          type="error"
          showIcon
          role="alert"
          message="We could not complete your order."
          description={errorMessage(finalize.error)}
          action={<Button onClick={run}>Try again</Button>}
        />
      );
    }
    return (
      <div style={{ background: '#f6ffed', border: '1px solid #b7eb8f', borderRadius: 8, padding: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <CheckCircleTwoTone twoToneColor="#52c41a" /> Order Complete
        </Typography.Title>
        <Typography.Text>
          Your {finalize.data.PlanName} plan is active, billed {finalize.data.BillingCycle === 'year' ? 'annually' : 'monthly'}.
        </Typography.Text>
      </div>
    );
  })();

  return (
    <SignupCard width={600}>
      <Result
        status="success"
        title="Thank You"
        subTitle={user ? `Welcome to Plansmith, ${user.FirstName}!` : 'Welcome to Plansmith!'}
        style={{ paddingBottom: 8 }}
      />
      {order}
      <Typography.Title level={4}>Next Steps</Typography.Title>
      <ol>
        {signedIn ? (
          <li>You are signed in as {user?.Email ?? 'the account’s Owner'}.</li>
        ) : (
          <li>Sign in with your email{user ? ` (${user.Email})` : ''} and the password you just created.</li>
        )}
        <li>Create your first marketing plan and its budget.</li>
        <li>Invite your team under Account &gt; People.</li>
      </ol>
      {signedIn ? (
        // A full load: the app starts signed in with the new session (the router chose the anonymous shell).
        <Button type="primary" size="large" block href={getHref('home')}>
          Go to your dashboard
        </Button>
      ) : (
        <Link to={getHref('login')}>
          <Button type="primary" size="large" block>
            Sign in
          </Button>
        </Link>
      )}
    </SignupCard>
  );
};
