/** What the payment step asks of a card form: confirm the SetupIntent; an error message, or it leaves the page. */
export type CardFormHandle = { confirm: () => Promise<string | null> };

/** Where the card provider returns after confirming a setup (SPEC.md §7): /register/completed with Stripe's query. */
export const completedUrl = (setupIntentId: string, clientSecret: string): string =>
  `/register/completed?${new URLSearchParams({ setup_intent: setupIntentId, setup_intent_client_secret: clientSecret, redirect_status: 'succeeded' })}`;
