import type { Subscription } from '@plansmith/contract';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCancelSubscription } from '../api/billing-api.ts';

/** Cancel at the end of the period (the plan stays until then), or keep the subscription after all. */
export const CancelSubscription = ({ subscription }: { subscription: Subscription }) => {
  const cancel = useCancelSubscription();
  return (
    <div>
      {/* h2 under the page's h1 (no skipped level), drawn at antd's h4 size. */}
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20, lineHeight: '28px' }}>
        {subscription.CancelAtPeriodEnd ? 'Keep your subscription' : 'Cancel subscription'}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {subscription.CancelAtPeriodEnd
          ? 'Your subscription ends at the end of this period and the account moves to the free Starter plan. You can keep it instead.'
          : 'Your plan stays until the end of the period you paid for; after that the account moves to the free Starter plan.'}
      </Typography.Paragraph>
      {cancel.isError ? (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={errorMessage(cancel.error)} />
      ) : null}
      {subscription.CancelAtPeriodEnd ? (
        <Button onClick={() => cancel.mutate(false)} loading={cancel.isPending}>
          Keep subscription
        </Button>
      ) : (
        <Popconfirm
          title="Cancel at the end of the period?"
          okText="Cancel subscription"
          cancelText="Keep it"
          onConfirm={() => cancel.mutate(true)}
        >
          <Button danger loading={cancel.isPending}>
            Cancel at period end
          </Button>
        </Popconfirm>
      )}
    </div>
  );
};
