import { lazy, type Ref, Suspense } from 'react';
import { LoadingState } from '../../../shared/ui/query-state.tsx';
import type { CardFormHandle } from './card-form.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe.js and its React bindings are loaded only where a card is entered, and only with real keys.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form.tsx')).StripeCardForm }));

export type CardEntryProps = {
  publicKey: string;
  sandbox: boolean;
  clientSecret: string;
  billingName: string;
  /** Where the browser goes once the card is confirmed (Stripe's setup_intent query is added). */
  returnPath?: string;
  ref: Ref<CardFormHandle>;
};

/** The card form of sign-up and billing: the sandbox's fields, or Stripe's Payment Element with real keys. */
export const CardEntry = ({ publicKey, sandbox, clientSecret, billingName, returnPath, ref }: CardEntryProps) =>
  sandbox ? (
    <SandboxCardForm ref={ref} publicKey={publicKey} clientSecret={clientSecret} billingName={billingName} returnPath={returnPath} />
  ) : (
    <Suspense fallback={<LoadingState label="Loading the secure payment form…" />}>
      <StripeCardForm ref={ref} publicKey={publicKey} clientSecret={clientSecret} returnPath={returnPath} />
    </Suspense>
  );
