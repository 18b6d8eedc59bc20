import { BILLING_MESSAGES, type BillingAddress, type BillingCycle, getHref, isFreeProduct, type RegisteredUser } from '@plansmith/contract';
import { Alert, Button, Divider, Flex, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { usePaymentInit, usePaymentSetup, useProducts } from '../../features/payments/api/payments-api.ts';
import { BillingAddressForm } from '../../features/payments/components/billing-address-form.tsx';
import { PaymentStage } from '../../features/payments/components/payment-stage.tsx';
import { BillingCycleSwitch, PlanCards } from '../../features/payments/components/plan-cards.tsx';
import { initialCycle, initialProduct, priceItemOf } from '../../features/payments/lib/pricing.ts';
import { SignupCard, SignupStep } from '../../features/registration/components/signup-steps.tsx';
import { isStarterSignup, readRegisteredUser } from '../../features/registration/registered-user.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** Step 4 of 4, Purchase Your Plan (SPEC.md §2, §4): stage 1 plan and address, stage 2 payment. */
export const RegisterPaymentPage = () => {
  const user = readRegisteredUser();
  if (!user) {
    return (
      <SignupCard>
        <Result
          status="info"
          title="Your sign-up session has ended"
          subTitle="Open the link in your verification email again to continue, or sign in if you have finished signing up."
          extra={
            <Link to={getHref('login')}>
              <Button type="primary">Sign in</Button>
            </Link>
          }
        />
      </SignupCard>
    );
  }
  // Only the Starter plan skips payment (DESIGN.md §7.1).
  if (isStarterSignup(user)) return <Navigate to={getHref('registerCompleted')} replace />;
  return <PurchasePlan user={user} />;
};

const PurchasePlan = ({ user }: { user: RegisteredUser }) => {
  const navigate = useNavigate();
  const products = useProducts();
  const init = usePaymentInit(user.ApplicationId);
  const setup = usePaymentSetup();
  const [addressForm] = Form.useForm<BillingAddress>();
  const [cycle, setCycle] = useState<BillingCycle>(() => initialCycle(user.MetaData.bill));
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [stage, setStage] = useState<1 | 2>(1);
  const [planMissing, setPlanMissing] = useState(false);

  if (products.isPending || init.isPending)
    return (
      <SignupCard width={1040}>
        <LoadingState label="Loading plans…" />
      </SignupCard>
    );
  if (products.isError || init.isError) {
    const retry = () => {
      void products.refetch();
      void init.refetch();
    };
    return (
      <SignupCard width={1040}>
        <SignupStep step={4} title="Purchase Your Plan" />
        <ErrorState error={products.error ?? init.error} onRetry={retry} title="The plans could not be loaded." />
      </SignupCard>
    );
  }
  const selected =
    products.data.find((p) => p.Id === selectedId) ??
    (selectedId === undefined ? initialProduct(products.data, user.MetaData.plan) : undefined);

  const continueToPayment = async () => {
    if (!selected) {
      setPlanMissing(true);
      return;
    }
    if (isFreeProduct(selected)) {
      navigate(getHref('registerCompleted'));
      return;
    }
    const address = await addressForm.validateFields().catch(() => null);
    const priceId = priceItemOf(selected, cycle)?.MetaData.PriceId;
    if (!address || !priceId) return;
    setup.mutate(
      {
        ApplicationId: user.ApplicationId,
        Info: {
          Customer: {
            ...address,
            Name: `${user.FirstName} ${user.LastName}`,
            Email: user.Email,
            UserId: user.Id,
            ApplicationId: user.ApplicationId,
          },
          PriceId: priceId,
          ProductId: selected.Id,
        },
      },
      { onSuccess: () => setStage(2) },
    );
  };

  return (
    <SignupCard width={1040}>
      <SignupStep step={4} title="Purchase Your Plan" />
      {stage === 2 && selected && setup.data ? (
        <PaymentStage
          product={selected}
          cycle={cycle}
          total={setup.data.Total}
          publicKey={init.data.PublicKey}
          sandbox={init.data.Sandbox}
          clientSecret={setup.data.SetupToken}
          billingName={`${user.FirstName} ${user.LastName}`}
          onBack={() => setStage(1)}
        />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Select Plan and Billing
            </Typography.Title>
            <BillingCycleSwitch value={cycle} onChange={setCycle} />
          </Flex>
          <PlanCards
            products={products.data}
            cycle={cycle}
            selectedId={selected?.Id}
            onSelect={(product) => {
              setSelectedId(product.Id);
              setPlanMissing(false);
            }}
          />
          {planMissing ? <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} message={BILLING_MESSAGES.plan} /> : null}
          <div hidden={selected ? isFreeProduct(selected) : false}>
            <Divider />
            <Typography.Title level={4}>Billing Address</Typography.Title>
            <div style={{ maxWidth: 560 }}>
              <BillingAddressForm
                form={addressForm}
                initialValues={(setup.variables?.Info.Customer as Partial<BillingAddress> | undefined) ?? undefined}
              />
            </div>
          </div>
          {setup.isError ? <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} message={errorMessage(setup.error)} /> : null}
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Button type="primary" size="large" loading={setup.isPending} onClick={() => void continueToPayment()}>
              {setup.isPending ? 'Processing...' : selected && isFreeProduct(selected) ? 'Continue with Starter' : 'Continue'}
            </Button>
          </Flex>
        </>
      )}
    </SignupCard>
  );
};
