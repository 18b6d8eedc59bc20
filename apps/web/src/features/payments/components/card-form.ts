/** What the payment step asks of a card form: confirm the SetupIntent; an error message, or it leaves the page. */
export type CardFormHandle = { confirm: () => Promise<string | null> };

/** Where sign-up's card step returns (SPEC.md §7). */
export const SIGNUP_RETURN_PATH = '/register/completed';

/** Where the card provider returns after confirming a setup: the return path with Stripe's query. */
export const completedUrl = (setupIntentId: string, clientSecret: string, returnPath = SIGNUP_RETURN_PATH): string => {
  const url = new URL(returnPath, 'http://return.invalid');
  url.searchParams.set('setup_intent', setupIntentId);
  url.searchParams.set('setup_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', 'succeeded');
  return `${url.pathname}${url.search}`;
};
