import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert, Typography } from 'antd';
import { type Ref, useImperativeHandle, useMemo, useState } from 'react';
import { type CardFormHandle, SIGNUP_RETURN_PATH } from './card-form.ts';

type Props = { publicKey: string; clientSecret: string; returnPath?: string; ref: Ref<CardFormHandle> };

const stripeByKey = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is fetched from js.stripe.com only here: the payment step with real keys. */
const stripeFor = (publicKey: string) => {
  const existing = stripeByKey.get(publicKey);
  if (existing) return existing;
  const loading = loadStripe(publicKey);
  stripeByKey.set(publicKey, loading);
  return loading;
};

const PaymentFields = ({ ref, returnPath }: { ref: Ref<CardFormHandle>; returnPath: string }) => {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  useImperativeHandle(ref, () => ({
    confirm: async () => {
      if (!stripe || !elements) return 'The payment form is still loading. Please wait a moment.';
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      });
      const message = result.error?.message ?? 'Your card could not be confirmed. Please try again.';
      setError(message);
      return message;
    },
  }));
  return (
    <>
      <PaymentElement options={{ layout: 'tabs' }} />
      {error ? <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={error} /> : null}
    </>
  );
};

/** Stripe's Payment Element, with Stripe's own errors in place; Stripe redirects to the return path. */
export const StripeCardForm = ({ publicKey, clientSecret, returnPath = SIGNUP_RETURN_PATH, ref }: Props) => {
  const stripePromise = useMemo(() => stripeFor(publicKey), [publicKey]);
  return (
    <div>
      <Elements stripe={stripePromise} options={{ clientSecret }}>
        <PaymentFields ref={ref} returnPath={returnPath} />
      </Elements>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Payments are processed securely by Stripe.
      </Typography.Text>
    </div>
  );
};
