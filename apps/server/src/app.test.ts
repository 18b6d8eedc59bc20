import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, TEST_PASSWORD, type TestTenant } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'plansmith-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

const logLines: string[] = [];
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: webDist, logLevel: 'info' }, logStream: { write: (line) => logLines.push(line) } });
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('sends a CSP without inline scripts, HSTS, nosniff, no framing and a strict referrer policy', async () => {
    const response = await t.get('/login');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends pages the full document set, the same values helmet sent', async () => {
    const headers = (await t.get('/login')).headers;
    expect(headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';frame-src 'self';frame-ancestors 'none';form-action 'self';base-uri 'self';object-src 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('answers JSON calls with the short API set: strict, but without the document-only headers', async () => {
    const token = await tenant.tokenFor('owner');
    for (const response of [await t.get('/api/TenantClient/Get', token), await t.get('/api/TenantClient/Get'), await t.get('/healthz')]) {
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(response.headers).not.toHaveProperty(name);
    }
  });

  it('serves the API reference, a page under /api, with the page CSP', async () => {
    const response = await t.get('/api/docs/');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks every API answer Cache-Control: no-store, successes and failures alike', async () => {
    const token = await tenant.tokenFor('owner');
    expect((await t.get('/api/TenantClient/Get', token)).headers['cache-control']).toBe('no-store');
    expect((await t.get('/api/TenantClient/Get')).headers['cache-control']).toBe('no-store');
  });

  it('gives every answer a request id', async () => {
    const response = await t.get('/healthz');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request limits and errors', () => {
  it('answers 413 with a message for a body over 100 KB', async () => {
    const response = await t.post('/api/identity/token/user', { Username: 'x'.repeat(110 * 1024), Password: 'p', ClientId: CLIENT_ID });
    expect(response.status).toBe(413);
    expect(response.body.Message).toBe('The request is too large. The limit is 100 KB.');
  });

  it('answers 400 for malformed JSON, never 500', async () => {
    const response = await t.request({
      url: '/api/identity/token/user',
      body: '{"Username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.Result).toBeNull();
    expect(response.body.Message).toBe('The request body is not valid JSON.');
  });

  it('answers an unknown API address with a JSON 404', async () => {
    const response = await t.post('/api/NoSuchClient/Anything', {});
    expect(response.status).toBe(404);
    expect(response.body.Message).toMatch(/No such address/);
  });

  it('matches API paths without regard to letter case', async () => {
    const token = await tenant.tokenFor('owner');
    expect((await t.get('/API/TENANTCLIENT/GET', token)).status).toBe(200);
    expect((await t.get('/api/tenantclient/get', token)).status).toBe(200);
  });

  it('refuses a signed-in call without a token with 401 and the error body', async () => {
    const response = await t.post('/api/UserProfileClient/GetUserProfile', {});
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ Result: null, Message: expect.any(String), RequestId: expect.any(String) });
  });
});

describe('the single-page app', () => {
  it('answers every route of the route table with the app, so deep links survive a reload', async () => {
    for (const url of [
      '/',
      '/login',
      '/plans/123',
      '/budget/abc',
      '/account/biling',
      '/external/plansummary/some-key',
      '/register/payment?plan=x',
    ]) {
      const response = await t.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with the app and status 404', async () => {
    const response = await t.get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root">');
  });

  it('serves robots.txt as a real file', async () => {
    const response = await t.get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toContain('User-agent: *');
  });
});

describe('operations', () => {
  it('answers /healthz and /readyz, and keeps the probes out of the access log', async () => {
    logLines.length = 0;
    const health = await t.get('/healthz');
    expect(health.body).toEqual({ status: 'ok' });
    expect((await t.get('/readyz')).body).toEqual({ status: 'ready' });
    const page = await t.get('/login');
    const logged = logLines.map((line) => JSON.parse(line));
    expect(logged.filter((entry) => entry.reqId === health.headers['x-request-id'])).toEqual([]);
    expect(logged.filter((entry) => /^\/(healthz|readyz)/.test(entry.req?.url ?? ''))).toEqual([]);
    expect(logged.filter((entry) => entry.reqId === page.headers['x-request-id'])).toHaveLength(1);
  });

  it('publishes an OpenAPI document generated from the contract at /api/docs', async () => {
    const response = await t.get('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const login = response.body.paths['/api/identity/token/user'];
    expect(login.post.requestBody.content['application/json'].schema.properties).toHaveProperty('Username');
    expect(response.body.paths['/api/TenantClient/GetPermissions'].post.security).toEqual([{ bearerAuth: [] }]);
    expect((await t.get('/api/docs')).status).toBeLessThan(400);
  });

  it('logs each request once, on completion, with its id, method, masked URL, status and time', async () => {
    logLines.length = 0;
    const response = await t.get('/recoverpassword?key=secret-in-the-url');
    const lines = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/recoverpassword?key=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(lines[0].responseTime).toEqual(expect.any(Number));
  });

  it('never writes passwords, tokens or recovery keys into the log', async () => {
    logLines.length = 0;
    const login = await t.post('/api/identity/token/user', {
      Username: tenant.users.owner.email,
      Password: TEST_PASSWORD,
      ClientId: CLIENT_ID,
    });
    await t.get('/api/identity/token/valid', login.body.AccessToken);
    await t.get('/recoverpassword?key=super-secret-recovery-key');
    const log = logLines.join('\n');
    expect(log).toContain('/api/identity/token/user');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain(login.body.AccessToken);
    expect(log).not.toContain(login.body.RefreshToken);
    expect(log).not.toContain('super-secret-recovery-key');
  });
});
