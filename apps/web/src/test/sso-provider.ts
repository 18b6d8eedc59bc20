import { vi } from 'vitest';
import { startTestProvider, type StartTestProviderOptions, type TestProvider } from '../../../server/test/oidc-test-provider.ts';

const networkFetch = globalThis.fetch;

/**
 * A real OpenID Provider on loopback beside the real API (test/real-api.ts). The real API routes every
 * fetch of this process to the app through inject(), the server's own calls to the provider included
 * (discovery, the token exchange) and the provider helper's own: requests to the provider's origin go
 * over the network instead. Call after startRealApi; stop it before api.close().
 */
export const startProviderBesideApi = async (options: StartTestProviderOptions): Promise<TestProvider> => {
  const provider = await startTestProvider(options);
  const throughApi = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(`${provider.issuer}/`) || url === provider.issuer ? networkFetch(input, init) : throughApi(input, init);
  });
  return provider;
};
