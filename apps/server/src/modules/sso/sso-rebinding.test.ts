// SSO in production connects to identity providers on public addresses only, checked when the
// connection looks the name up (issue 35 second wave, part G): a name that resolved to a public address
// when it was checked and resolves to loopback when the server connects (DNS rebinding) is refused,
// and no connection is made. DNS answers the first lookup of `localhost` with a public address (the
// check); every later lookup is the real one (127.0.0.1 / ::1).
import { randomBytes } from 'node:crypto';
import dns, { type LookupAddress } from 'node:dns';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let production: TestApp;
let tenant: TestTenant;
let idp: Server;
let connections = 0;

beforeAll(async () => {
  production = await createTestApp({ config: { isProduction: true, nodeEnv: 'production', secretKey: randomBytes(32) } });
  tenant = await createTenant(production, { name: 'Rebound', planCode: 'enterprise' });
  // Stands for anything on the server's own network: it only counts who connects.
  idp = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => idp.close(() => resolve()));
  await production.close();
});

/** From now on the next lookup of `name` answers a public address (as DNS did before a change); then the real answer. */
const answerPublicOnce = (name: string) => {
  const real = dns.lookup;
  let answered = false;
  const spy = vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: unknown, callback: unknown) => {
    if (hostname === name && !answered && typeof callback === 'function') {
      answered = true;
      const answer: LookupAddress = { address: '93.184.216.34', family: 4 };
      return (options as { all?: boolean } | null)?.all ? callback(null, [answer]) : callback(null, answer.address, answer.family);
    }
    return (real as (...args: unknown[]) => void)(hostname, options, callback);
  }) as typeof dns.lookup);
  return { answered: () => answered, restore: () => spy.mockRestore() };
};

describe('SSO in production, DNS changing between the check and the connection', () => {
  it('Test connection: a name checked as public that resolves to loopback when connecting is refused without connecting', async () => {
    const { port } = idp.address() as AddressInfo;
    const dnsChange = answerPublicOnce('localhost');
    try {
      const response = await production.post(
        '/api/SsoClient/Test',
        { IssuerUrl: `https://localhost:${port}/realms/acme` },
        await tenant.tokenFor('owner'),
      );
      expect(response.status, response.text).toBe(200);
      expect(connections).toBe(0);
      expect(response.body.Result.Ok).toBe(false);
      expect(response.body.Result.Message).toMatch(
        /localhost resolves to (127\.0\.0\.1|::1), a loopback address: the server reaches identity providers on public addresses only\./,
      );
      // The check saw the public answer; the connection's own lookup saw loopback and refused it.
      expect(dnsChange.answered()).toBe(true);
    } finally {
      dnsChange.restore();
    }
  });
});
