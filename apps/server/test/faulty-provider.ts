// A loopback proxy in front of a Stripe stand-in (the payment sandbox of another test app) that
// answers chosen calls with a chosen Stripe error: the real `stripe` SDK then meets a rotated key
// (401) or a declined charge (402) on exactly the call a test names, and everything else goes
// through to the stand-in unchanged.
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderFault = { method: 'GET' | 'POST' | 'DELETE' | '*'; path: RegExp; status: number; error: Record<string, unknown> };

/** Stripe's answer to a secret key that was rotated or mistyped. */
export const rotatedKey = (method: ProviderFault['method'] = '*', path = /^\/v1\//): ProviderFault => ({
  method,
  path,
  status: 401,
  error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_************oops' },
});

/** Stripe's answer to a charge the bank refused. */
export const declinedCharge = (method: ProviderFault['method'], path: RegExp): ProviderFault => ({
  method,
  path,
  status: 402,
  error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
});

export const startFaultyProvider = async (upstream: string) => {
  let faults: ProviderFault[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const fault = faults.find((candidate) => (candidate.method === '*' || candidate.method === request.method) && candidate.path.test(url));
    if (fault) {
      request.resume();
      response.writeHead(fault.status, { 'content-type': 'application/json', 'request-id': 'req_faulty' });
      response.end(JSON.stringify({ error: fault.error }));
      return;
    }
    const proxied = forward(new URL(url, upstream), { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    proxied.on('error', () => response.destroy());
    request.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** From now on, calls that match answer this error (until reset). */
    fail: (fault: ProviderFault) => {
      faults.push(fault);
    },
    reset: () => {
      faults = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
