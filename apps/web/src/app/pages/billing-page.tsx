import { type BillingCycle, type CardSetup, isFreeProduct, PLAN_NAMES, type Product, type Subscription } from '@plansmith/contract';
import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStartCardSetup, useSubscription } from '../../features/billing/api/billing-api.ts';
import { CancelSubscription } from '../../features/billing/components/cancel-subscription.tsx';
import { ChangePlan } from '../../features/billing/components/change-plan.tsx';
import { SubscriptionSummary } from '../../features/billing/components/subscription-summary.tsx';
import { useProducts } from '../../features/payments/api/payments-api.ts';
import { BillingCycleSwitch, PlanCards } from '../../features/payments/components/plan-cards.tsx';
import { dueTodayDollars, perMonthDollars } from '../../features/payments/lib/pricing.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useProfile } from '../../shared/api/identity.ts';
import { formatBase } from '../../shared/format/money.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { CardStepTitle, useCardSetupReturn } from './billing-card-return.tsx';

// The invoices table (antd's Table) and the card form load after the page's first paint: they are
// below the fold or behind "Continue to payment", and keep /account/biling inside its first-load budget.
const InvoicesTable = lazy(async () => ({ default: (await import('../../features/billing/components/invoices-table.tsx')).InvoicesTable }));
const BillingCardStep = lazy(async () => ({ default: (await import('./billing-card-step.tsx')).BillingCardStep }));

/** /account/biling (Owner): subscription, upgrade from Starter, plan change, card, cancellation, invoices (DESIGN.md §6, §11). */
export const BillingPage = () => {
  const subscription = useSubscription();
  const products = useProducts();
  const returning = useCardSetupReturn();
  if (returning.finishing) return <LoadingState label="Finishing with your card…" />;
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
  return (
    <BillingDetails
      subscription={subscription.data}
      products={products.data.filter((p) => !isFreeProduct(p))}
      returnError={returning.error}
    />
  );
};

/** The plan a closed area's upgrade link names (?plan=performance), chosen when the page opens. */
const useWantedProductId = (products: Product[]): string | undefined => {
  const [search] = useSearchParams();
  const code = search.get('plan');
  return code ? products.find((product) => product.Code === code)?.Id : undefined;
};

const useBillingName = () => {
  const profile = useProfile();
  return profile.data ? `${profile.data.FirstName} ${profile.data.LastName}` : '';
};

const BillingDetails = ({
  subscription,
  products,
  returnError,
}: {
  subscription: Subscription;
  products: Product[];
  returnError: ReactNode;
}) => {
  const [cycle, setCycle] = useState<BillingCycle>(subscription.BillingCycle ?? 'year');
  const wantedId = useWantedProductId(products);
  const [selectedId, setSelectedId] = useState(wantedId ?? subscription.ProductId ?? undefined);
  const selected = products.find((product) => product.Id === selectedId);
  const paid = subscription.BillingCycle !== null && subscription.Status !== 'canceled';
  return (
    <>
      <PageHeader title="Billing" subtitle="Your subscription, plan, payment method and invoices." />
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        {returnError}
        <Card title="Subscription">
          <SubscriptionSummary subscription={subscription} />
          {paid ? <ChangeCard /> : null}
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
          <Card>
            <Upgrade products={products} planName={PLAN_NAMES[subscription.PlanCode]} />
          </Card>
        )}
        <Card title="Invoices">
          <Suspense fallback={<LoadingState label="Loading invoices…" />}>
            <InvoicesTable />
          </Suspense>
        </Card>
      </Space>
    </>
  );
};

/** Starter → a paid plan: choose the plan and cycle, then the card (as at sign-up). */
const Upgrade = ({ products, planName }: { products: Product[]; planName: string }) => {
  const [cycle, setCycle] = useState<BillingCycle>('year');
  const wantedId = useWantedProductId(products);
  const [selectedId, setSelectedId] = useState<string | undefined>(wantedId);
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const start = useStartCardSetup();
  const billingName = useBillingName();
  const selected = products.find((product) => product.Id === selectedId);
  if (setup && selected) {
    return (
      <>
        <CardStepTitle>Pay for {selected.Name}</CardStepTitle>
        <Suspense fallback={<LoadingState label="Loading the card form…" />}>
          <BillingCardStep
            purpose="upgrade"
            setup={setup}
            billingName={billingName}
            summary={[
              { label: 'Plan', value: selected.Name },
              { label: 'Billing', value: cycle === 'year' ? 'Billed annually' : 'Billed monthly' },
              { label: 'Price', value: `${formatBase(perMonthDollars(selected, cycle))} per month` },
            ]}
            onCancel={() => setSetup(null)}
          />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <CardStepTitle>Upgrade your plan</CardStepTitle>
        <BillingCycleSwitch value={cycle} onChange={setCycle} />
      </Flex>
      <Typography.Paragraph type="secondary">
        You are on the free {planName} plan. Paid plans add more teams and people, the playbook, objectives, funnels and performance; they
        start as soon as your card is confirmed.
      </Typography.Paragraph>
      <PlanCards products={products} cycle={cycle} selectedId={selectedId} onSelect={(product) => setSelectedId(product.Id)} />
      {start.isError ? <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} message={errorMessage(start.error)} /> : null}
      <Flex justify="flex-end" align="center" gap={16} wrap style={{ marginTop: 16 }}>
        {selected ? (
          <Typography.Text type="secondary">
            {formatBase(dueTodayDollars(selected, cycle))} billed {cycle === 'year' ? 'annually' : 'monthly'}
          </Typography.Text>
        ) : null}
        <Button
          type="primary"
          disabled={!selected}
          loading={start.isPending}
          onClick={() =>
            selected &&
            start.mutate({ Purpose: 'upgrade', ProductId: selected.Id, BillingCycle: cycle }, { onSuccess: (result) => setSetup(result) })
          }
        >
          Continue to payment
        </Button>
      </Flex>
    </>
  );
};

/** Change the card on file: a new card replaces it for the next charges. */
const ChangeCard = () => {
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const start = useStartCardSetup();
  const billingName = useBillingName();
  return (
    <div style={{ marginTop: 16 }}>
      {setup ? (
        <>
          <CardStepTitle>New card</CardStepTitle>
          <Suspense fallback={<LoadingState label="Loading the card form…" />}>
            <BillingCardStep purpose="card" setup={setup} billingName={billingName} onCancel={() => setSetup(null)} />
          </Suspense>
        </>
      ) : (
        <Button loading={start.isPending} onClick={() => start.mutate({ Purpose: 'card' }, { onSuccess: (result) => setSetup(result) })}>
          Change card
        </Button>
      )}
      {start.isError ? <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={errorMessage(start.error)} /> : null}
    </div>
  );
};
