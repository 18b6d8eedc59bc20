import { Input, Typography } from 'antd';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CardFormHandle, completedUrl, SIGNUP_RETURN_PATH } from './card-form.ts';

type Props = { publicKey: string; clientSecret: string; billingName: string; returnPath?: string; ref: Ref<CardFormHandle> };

const digits = (value: string) => value.replace(/\D/g, '');
const groupCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (value: string) => {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

type StripeError = { error?: { message?: string } };

/**
 * The sandbox's card form: our own fields that behave like Stripe's card element. It confirms the
 * SetupIntent against the sandbox (/v1, with the publishable key and the client secret) and then
 * goes to the return path (sign-up: /register/completed) with the query Stripe would add. Errors show in place, as Stripe's do.
 */
export const SandboxCardForm = ({ publicKey, clientSecret, billingName, returnPath = SIGNUP_RETURN_PATH, ref }: Props) => {
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    confirm: async () => {
      const fail = (message: string) => {
        setError(message);
        return message;
      };
      const [month, year] = expiry.split('/').map((part) => part.trim());
      if (digits(number).length < 13) return fail('Your card number is incomplete.');
      if (!month || !year || year.length !== 2) return fail("Your card's expiration date is incomplete.");
      if (cvc.length < 3) return fail("Your card's security code is incomplete.");
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      const body = new URLSearchParams({
        key: publicKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': digits(number),
        'payment_method_data[card][exp_month]': month,
        'payment_method_data[card][exp_year]': year,
        'payment_method_data[card][cvc]': cvc,
        'payment_method_data[billing_details][name]': billingName,
      });
      try {
        const response = await fetch(`/v1/setup_intents/${encodeURIComponent(intentId)}/confirm`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        });
        const payload = (await response.json().catch(() => ({}))) as StripeError & { status?: string };
        if (!response.ok || payload.status !== 'succeeded')
          return fail(payload.error?.message ?? 'Your card could not be confirmed. Please try again.');
      } catch {
        return fail('We could not reach the payment service. Check your connection and try again.');
      }
      setError(null);
      navigate(completedUrl(intentId, clientSecret, returnPath));
      return null;
    },
  }));

  const clear = () => setError(null);
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 16 }} data-testid="sandbox-card-form">
      <label htmlFor="sandbox-card-number" style={{ display: 'block', marginBottom: 4 }}>
        Card number
      </label>
      <Input
        id="sandbox-card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setNumber(groupCardNumber(event.target.value));
          clear();
        }}
      />
      <div style={{ display: 'flex', gap: 12, marginTop: 12 }}>
        <div style={{ flex: 1 }}>
          <label htmlFor="sandbox-card-expiry" style={{ display: 'block', marginBottom: 4 }}>
            Expiration date
          </label>
          <Input
            id="sandbox-card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => {
              setExpiry(formatExpiry(event.target.value));
              clear();
            }}
          />
        </div>
        <div style={{ flex: 1 }}>
          <label htmlFor="sandbox-card-cvc" style={{ display: 'block', marginBottom: 4 }}>
            Security code
          </label>
          <Input
            id="sandbox-card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(event) => {
              setCvc(digits(event.target.value).slice(0, 4));
              clear();
            }}
          />
        </div>
      </div>
      <div aria-live="polite" style={{ minHeight: 22, marginTop: 8 }}>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Payment sandbox: no real card is charged. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
      </Typography.Text>
    </div>
  );
};
