// SSO in production connects to identity providers on public addresses only, checked when the
// connection looks the name up (issue 35 second wave, part G): a name that resolved to a public address
// when it was checked and resolves to loopback when the server connects (DNS rebinding) is refused,
// and no connection is made. node:dns is replaced for this file only: the first answer for `localhost`
// is a public address (the check), every later lookup is the real one (127.0.0.1 / ::1).
import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const dns = vi.hoisted(() => ({ publicOnce: new Set<string>() }));

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (hostname: string, options: unknown, callback: unknown) => {
    if (dns.publicOnce.delete(hostname) && typeof callback === 'function') {
      const answer: LookupAddress = { address: '93.184.216.34', family: 4 };
      const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
      return all ? callback(null, [answer]) : callback(null, answer.address, answer.family);
    }
    return (real.lookup as (...args: unknown[]) => void)(hostname, options, callback);
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

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

describe('SSO in production, DNS changing between the check and the connection', () => {
  it('Test connection: a name checked as public that resolves to loopback when connecting is refused without connecting', async () => {
    const { port } = idp.address() as AddressInfo;
    dns.publicOnce.add('localhost');
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
    // The check saw the public answer (used up); the connection's own lookup saw loopback and refused it.
    expect(dns.publicOnce.size).toBe(0);
  });
});
