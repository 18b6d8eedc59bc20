import { getHref } from '@plansmith/contract';
import { Button, Card, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useSubscription } from '../../features/billing/api/billing-api.ts';
import { SubscriptionSummary } from '../../features/billing/components/subscription-summary.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /account/subscription/completed: confirms a plan change and shows the subscription now. */
export const SubscriptionCompletedPage = () => {
  const [params] = useSearchParams();
  const subscription = useSubscription();
  const plan = params.get('plan');
  const cycle = params.get('cycle');
  return (
    <Card>
      <Result
        status="success"
        title="Your subscription was updated"
        subTitle={
          plan ? `You are now on the ${plan} plan${cycle ? `, billed ${cycle === 'year' ? 'annually' : 'monthly'}` : ''}.` : undefined
        }
        extra={
          <Link to={getHref('billing')}>
            <Button type="primary">Back to billing</Button>
          </Link>
        }
      />
      {subscription.isPending ? (
        <LoadingState />
      ) : subscription.isError ? (
        <ErrorState error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : (
        <SubscriptionSummary subscription={subscription.data} />
      )}
    </Card>
  );
};
