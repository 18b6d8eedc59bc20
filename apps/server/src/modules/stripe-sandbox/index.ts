// The stripe-sandbox module as other modules and the app see it; everything else in this folder is private.
export { isSandboxMode, stripeKeysOf } from './sandbox-keys.ts';
export { registerStripeSandbox } from './sandbox.routes.ts';
