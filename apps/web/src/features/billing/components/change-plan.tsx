import { type BillingCycle, getHref, type Subscription } from '@plansmith/contract';
import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatUsd } from '../../../shared/format/money.ts';
import { useChangeSubscription } from '../api/billing-api.ts';

type Choice = { productId: string; name: string; cycle: BillingCycle; periodPrice: number };

/**
 * Change plan or cycle. The page passes the plan picker (the cycle switch and plan cards) and the
 * current choice; the change is confirmed on /account/subscription/completed.
 */
export const ChangePlan = ({
  subscription,
  choice,
  cycleSwitch,
  planCards,
}: {
  subscription: Subscription;
  choice: Choice | null;
  cycleSwitch: ReactNode;
  planCards: ReactNode;
}) => {
  const navigate = useNavigate();
  const change = useChangeSubscription();
  const unchanged = !choice || (choice.productId === subscription.ProductId && choice.cycle === subscription.BillingCycle);
  const period = choice?.cycle === 'year' ? 'annually' : 'monthly';
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        {/* h2 under the page's h1 (no skipped level), drawn at antd's h4 size. */}
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20, lineHeight: '28px' }}>
          Change plan or billing cycle
        </Typography.Title>
        {cycleSwitch}
      </Flex>
      {planCards}
      {change.isError ? <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} message={errorMessage(change.error)} /> : null}
      <Flex justify="flex-end" align="center" gap={16} wrap style={{ marginTop: 16 }}>
        {choice && !unchanged ? (
          <Typography.Text type="secondary">
            {formatUsd(choice.periodPrice)} billed {period}; the provider prorates the rest of this period.
          </Typography.Text>
        ) : null}
        <Popconfirm
          title={`Switch to ${choice?.name ?? 'this plan'}, billed ${period}?`}
          okText="Change plan"
          disabled={unchanged}
          onConfirm={() =>
            choice &&
            change.mutate(
              { productId: choice.productId, cycle: choice.cycle },
              {
                onSuccess: (result) =>
                  navigate(getHref('subscriptionCompleted', {}, { plan: result.PlanName, cycle: result.BillingCycle ?? '' })),
              },
            )
          }
        >
          <Button type="primary" disabled={unchanged} loading={change.isPending}>
            {change.isPending ? 'Processing...' : 'Change plan'}
          </Button>
        </Popconfirm>
      </Flex>
    </div>
  );
};
