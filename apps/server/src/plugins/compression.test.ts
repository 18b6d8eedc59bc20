import { createHash } from 'node:crypto';
import { CLIENT_ID } from '@plansmith/contract';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A built web app as the build leaves it: an asset with its brotli and gzip copies beside it.
const webDist = mkdtempSync(path.join(tmpdir(), 'plansmith-dist-'));
const ASSET = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
mkdirSync(path.join(webDist, 'assets'));
const page = (root: string, head = '') =>
  `<!doctype html><head><title>Plansmith</title>${head}</head>${'<!-- the app -->'.repeat(100)}<div id="root">${root}</div>`;
// The early requests' script, inline in index.html's head (apps/web/build/early-script.ts).
const EARLY_SCRIPT = 'window.early = "sent";';
const EARLY = `<script>${EARLY_SCRIPT}</script>`;
const INDEX_HTML = page('', EARLY);
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
// The sign-in page drawn at build time (apps/web/build/prerender.ts).
writeFileSync(path.join(webDist, 'login.html'), page('<form>Sign In</form>'));
// Each route's scripts beyond the entry's (apps/web/build/route-preloads.ts).
writeFileSync(
  path.join(webDist, 'route-preloads.json'),
  JSON.stringify({
    login: ['assets/login-page-1.js'],
    budget: ['assets/budget-page-1.js', 'assets/grid-1.js'],
    budgetItem: ['assets/item-1.js'],
  }),
);
const preload = (file: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${file}">`;
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
// A stylesheet too small for the build to compress, and a file beside the assets.
const SMALL_CSS = '.tag{color:#0958d9}';
writeFileSync(path.join(webDist, 'assets', 'small-1.css'), SMALL_CSS);
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: webDist } });
});
afterAll(async () => t.close());

const fetchRaw = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('static assets', () => {
  it('sends the brotli copy made at build time to a client that takes brotli', async () => {
    const response = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the gzip copy to a client that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzipped = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(ASSET);

    const plain = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('sends an asset without compressed copies as it is, with its type, cache and the security headers', async () => {
    const response = await fetchRaw('/assets/small-1.css', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(SMALL_CSS);
  });

  it('answers 304 without a body when the client holds the same copy, and HEAD without a body', async () => {
    const first = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers an unknown asset with 404 and the error body, and serves the files beside the assets from disk', async () => {
    const missing = await fetchRaw('/assets/nothing-here.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ Result: null, Message: 'No such address: GET /assets/nothing-here.js' });
    const icon = await fetchRaw('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('JSON answers', () => {
  it('compresses a large answer with brotli or gzip as accepted, keeping the security headers', async () => {
    const plain = await fetchRaw('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await fetchRaw('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(br.headers['x-request-id']).toBeTruthy();
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await fetchRaw('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('sends a small answer as it is', async () => {
    const response = await fetchRaw('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('request bodies', () => {
  it('refuses a compressed body as unparsable instead of inflating it', async () => {
    const body = JSON.stringify({ Username: 'someone@example.test', Password: 'x'.repeat(20), ClientId: CLIENT_ID });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/user',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toEqual(expect.any(String));
  });
});

describe('pages', () => {
  it('sends the sign-in page drawn at build time for /login, and the app announcing its scripts for other pages', async () => {
    const login = await fetchRaw('/login?returnTo=%2Fbudget', { 'accept-encoding': 'identity' });
    expect(login.statusCode).toBe(200);
    // Drawn already: its scripts are not announced ahead (they would compete with what paints it).
    expect(login.body).toBe(page('<form>Sign In</form>'));
    const budget = await fetchRaw('/budget', { 'accept-encoding': 'identity' });
    expect(budget.body).toBe(page('', EARLY + preload('budget-page-1.js') + preload('grid-1.js')));
    expect(budget.headers['cache-control']).toBe('no-cache');
    const item = await fetchRaw('/budget/0b6f3a52-5f0e-4b6b-9a43-1f0e2f6c9a10/', { 'accept-encoding': 'identity' });
    expect(item.body).toBe(page('', EARLY + preload('item-1.js')));
    // A route without scripts of its own, and an address that is no route, get index.html as built.
    expect((await fetchRaw('/plans')).body).toBe(INDEX_HTML);
    const unknown = await fetchRaw('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX_HTML);
  });

  it('sends a page compressed with brotli or gzip as accepted, and as it is when neither is', async () => {
    const br = await fetchRaw('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('<form>Sign In</form>'));

    const gz = await fetchRaw('/plans', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX_HTML);

    const plain = await fetchRaw('/plans');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });
});

describe('HEAD on pages', () => {
  it('answers HEAD on app routes like GET, without a body', async () => {
    for (const url of ['/login', '/budget', '/plans/123']) {
      const get = await fetchRaw(url);
      const head = await fetchRaw(url, {}, 'HEAD');
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.body).toBe('');
    }
  });

  it('answers HEAD on an unknown page with 404, as GET does', async () => {
    const head = await fetchRaw('/no-such-page', {}, 'HEAD');
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });
});

describe('inline scripts', () => {
  it("lets pages run the build's own inline script, by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;
    for (const url of ['/budget', '/login', '/no-such-page']) {
      const csp = String((await fetchRaw(url)).headers['content-security-policy']);
      expect(csp.split(';').find((directive) => directive.startsWith('script-src'))).toBe(`script-src 'self' ${hash}`);
    }
    expect(String((await fetchRaw('/api/TenantClient/Get')).headers['content-security-policy'])).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});
