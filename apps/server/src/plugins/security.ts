import type { FastifyInstance } from 'fastify';

/** Paths that answer data, never cached. */
export const isApiPath = (url: string): boolean => /^\/(api|user|guest|healthz|readyz|dev)(\/|$|\?|\.)/i.test(url);

/** The pages that load Stripe.js when real Stripe keys are set (issue 6); every other page keeps the default CSP. */
export const isStripePage = (url: string): boolean => /^\/(register\/payment|account\/biling)\/?(\?|$)/i.test(url);

/**
 * Documents served under a data path: the API reference (Swagger UI) and the dev mailbox (HTML pages
 * and mails' HTML bodies). They get the page headers; anything else there gets the strict JSON set.
 */
const isDocumentUnderApi = (url: string): boolean => /^\/(dev|api\/docs)(\/|$|\?|\.)/i.test(url);

type HeaderSet = Readonly<Record<string, string>>;

/** A CSP header value from its directives, in order. */
const csp = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');

/**
 * Inline styles are allowed because Ant Design writes its CSS-in-JS into <style> elements (see
 * style-src below for why no nonce); inline
 * scripts only by the hash of those the web build wrote into its pages (`scriptHashes`, the early
 * requests' script: spa-pages.ts inlineScriptHashes); Stripe.js's origins
 * (https://docs.stripe.com/security/guide#content-security-policy) only where it loads.
 */
const pageCsp = (stripe: boolean, scriptHashes: readonly string[]): string =>
  csp({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(stripe ? ['https://js.stripe.com'] : [])],
    // 'unsafe-inline' stays (issue 28 A8): antd makes the CSS of components outside the prebuilt
    // assets/antd-*.css in the browser, into <style> elements no hash can name, so only a nonce could
    // replace it; a nonce differs per answer, and each page's HTML (/login's ~90 KB with its CSS) is
    // compressed once at start (spa-pages.ts). The prerendered /login also draws with style="" attributes
    // (renderToString), which a nonce does not cover ('unsafe-hashes' of each would). Scripts, the
    // real risk, stay hash-only.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  });

/**
 * Browser features the app never uses, denied to the page and every frame in it (issue 28 A8): a
 * script that got in still cannot open the camera or ask for a location. `payment` is allowed only
 * to Stripe.js, on the pages that load it (its Payment Request support runs in its frames).
 * Only features Chromium recognises are named: an unknown one costs a console warning per page.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
const permissionsPolicy = (stripe: boolean): string =>
  [...DENIED_FEATURES.map((feature) => `${feature}=()`), stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()'].join(', ');

/** What every answer carries: HTTPS only, no MIME sniffing, never framed, not readable cross-origin. */
const COMMON_HEADERS: HeaderSet = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Pages (the SPA, static files, the dev mailbox) get the full set a browser document needs; the
 * values are exactly what @fastify/helmet sent before (issue 2), computed once instead of per request.
 */
const pageHeaders = (stripe: boolean, scriptHashes: readonly string[]): HeaderSet => ({
  ...COMMON_HEADERS,
  'content-security-policy': pageCsp(stripe, scriptHashes),
  'permissions-policy': permissionsPolicy(stripe),
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * JSON answers are never rendered as documents, so the document-only headers (opener policy,
 * referrer policy, DNS prefetch, legacy IE/Flash switches) would only cost bytes on every call
 * (OWASP REST Security Cheat Sheet, "Security headers"). A minimal CSP still forbids everything
 * should one be opened directly; answers are never stored.
 */
const API_HEADERS: HeaderSet = {
  ...COMMON_HEADERS,
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cache-control': 'no-store',
};

/**
 * The header set an answer to `url` gets, for pages whose inline scripts have `scriptHashes`
 * ('sha256-…'); every set is computed here, once.
 */
export const securityHeaders = (scriptHashes: readonly string[] = []) => {
  const page = pageHeaders(false, scriptHashes);
  const stripePage = pageHeaders(true, scriptHashes);
  const apiDocument: HeaderSet = { ...page, 'cache-control': 'no-store' };
  return (url: string, options: { stripe: boolean }): HeaderSet => {
    if (isApiPath(url)) return isDocumentUnderApi(url) ? apiDocument : API_HEADERS;
    return options.stripe && isStripePage(url) ? stripePage : page;
  };
};

/** The header set an answer to `url` gets when the pages have no inline scripts (exported for tests). */
export const securityHeadersFor = securityHeaders();

/**
 * The headers every answer gets, set in one onRequest hook (each hook costs a request a few per cent
 * of a /healthz answer): its request id (X-Request-Id, the `RequestId` of error bodies), and the
 * security headers (DESIGN.md §1, issue 2): a CSP without inline scripts other than the build's own
 * (by hash), HSTS, nosniff, frame-ancestors 'none', a strict Referrer-Policy; API answers are never
 * stored. Set in onRequest, so error answers carry them too and a route may still set its own
 * Cache-Control.
 */
export const registerResponseHeaders = (app: FastifyInstance, scriptHashes: readonly string[] = []): void => {
  const headersFor = securityHeaders(scriptHashes);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url, { stripe: app.ctx?.config.stripe !== undefined }));
    reply.header('x-request-id', request.id);
    done();
  });
};
