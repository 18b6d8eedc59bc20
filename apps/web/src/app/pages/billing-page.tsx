import { type BillingCycle, isFreeProduct, type Product, type Subscription } from '@plansmith/contract';
import { Alert, Card, Space } from 'antd';
import { useState } from 'react';
import { CancelSubscription } from '../../features/billing/components/cancel-subscription.tsx';
import { ChangePlan } from '../../features/billing/components/change-plan.tsx';
import { SubscriptionSummary } from '../../features/billing/components/subscription-summary.tsx';
import { useSubscription } from '../../features/billing/api/billing-api.ts';
import { useProducts } from '../../features/payments/api/payments-api.ts';
import { BillingCycleSwitch, PlanCards } from '../../features/payments/components/plan-cards.tsx';
import { dueTodayDollars } from '../../features/payments/lib/pricing.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /account/biling (Owner): subscription, plan change, cancellation (DESIGN.md §6). */
export const BillingPage = () => {
  const subscription = useSubscription();
  const products = useProducts();
  if (subscription.isPending || products.isPending) return <LoadingState label="Loading your subscription…" />;
  if (subscription.isError || products.isError) {
    return (
      <>
        <PageHeader title="Billing" />
        <ErrorState
          error={subscription.error ?? products.error}
          onRetry={() => {
            void subscription.refetch();
            void products.refetch();
          }}
        />
      </>
    );
  }
  return <BillingDetails subscription={subscription.data} products={products.data.filter((p) => !isFreeProduct(p))} />;
};

const BillingDetails = ({ subscription, products }: { subscription: Subscription; products: Product[] }) => {
  const [cycle, setCycle] = useState<BillingCycle>(subscription.BillingCycle ?? 'year');
  const [selectedId, setSelectedId] = useState(subscription.ProductId ?? undefined);
  const selected = products.find((product) => product.Id === selectedId);
  const paid = subscription.BillingCycle !== null && subscription.Status !== 'canceled';
  return (
    <>
      <PageHeader title="Billing" subtitle="Your subscription, plan and payment method." />
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card title="Subscription">
          <SubscriptionSummary subscription={subscription} />
        </Card>
        {paid ? (
          <>
            <Card>
              <ChangePlan
                subscription={subscription}
                choice={
                  selected ? { productId: selected.Id, name: selected.Name, cycle, periodPrice: dueTodayDollars(selected, cycle) } : null
                }
                cycleSwitch={<BillingCycleSwitch value={cycle} onChange={setCycle} />}
                planCards={
                  <PlanCards products={products} cycle={cycle} selectedId={selectedId} onSelect={(product) => setSelectedId(product.Id)} />
                }
              />
            </Card>
            <Card>
              <CancelSubscription subscription={subscription} />
            </Card>
          </>
        ) : (
          <Alert
            type="info"
            showIcon
            message="You are on the free Starter plan"
            description="Paid plans add more teams and people, the playbook, objectives, funnels and performance. To upgrade, write to support@plansmith.test and we will set it up with you."
          />
        )}
      </Space>
    </>
  );
};
