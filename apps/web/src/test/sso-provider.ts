import { request as httpRequest } from 'node:http';
import { vi } from 'vitest';
import { startTestProvider, type StartTestProviderOptions, type TestProvider } from '../../../server/test/oidc-test-provider.ts';

/**
 * A fetch over node:http for the provider's origin: the environment's fetch is happy-dom's, a browser's,
 * which adds an Origin, keeps cookies to itself and applies CORS; neither the server talking to its IdP
 * nor the provider helper's scripted login form is a browser.
 */
const fetchOverHttp = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
  // A plain object as it is: happy-dom's Headers would drop Cookie, as a browser does for scripts.
  const headers =
    init.headers instanceof Headers || Array.isArray(init.headers)
      ? Object.fromEntries(new Headers(init.headers).entries())
      : { ...(init.headers as Record<string, string> | undefined) };
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: init.method ?? 'GET', headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const status = answer.statusCode ?? 500;
        const noBody = status === 204 || status === 304;
        const response = new Response(noBody ? null : Buffer.concat(chunks), { status });
        // Set after construction: happy-dom's Response drops Set-Cookie, as a browser hides it from scripts.
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) response.headers.append(name, item);
        }
        resolve(response);
      });
      answer.on('error', reject);
    });
    sent.on('error', reject);
    init.signal?.addEventListener('abort', () => sent.destroy(new Error('aborted')));
    sent.end(body);
  });
};

/**
 * A real OpenID Provider on loopback beside the real API (test/real-api.ts). The real API routes every
 * fetch of this process to the app through inject(), the server's own calls to the provider included
 * (discovery, keys, the token exchange) and the provider helper's: requests to the provider's origin
 * go over the network instead. Call after startRealApi; `stop` before api.close().
 */
export const startProviderBesideApi = async (options: StartTestProviderOptions): Promise<TestProvider> => {
  const provider = await startTestProvider(options);
  const throughApi = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(`${provider.issuer}/`) || url === provider.issuer ? fetchOverHttp(input, init) : throughApi(input, init);
  });
  return {
    ...provider,
    stop: async () => {
      vi.stubGlobal('fetch', throughApi);
      await provider.stop();
    },
  };
};
