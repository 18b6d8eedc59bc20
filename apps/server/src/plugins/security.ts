import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Paths that answer data, never cached. */
export const isApiPath = (url: string): boolean => /^\/(api|user|guest|healthz|readyz|dev)(\/|$|\?|\.)/i.test(url);

/** The pages that load Stripe.js when real Stripe keys are set (issue 6); every other page keeps the default CSP. */
export const isStripePage = (url: string): boolean => /^\/(register\/payment|account\/biling)\/?(\?|$)/i.test(url);

/** Adds Stripe.js's origins (https://docs.stripe.com/security/guide#content-security-policy) to a CSP. */
const withStripe = (csp: string): string =>
  csp
    .replace(/script-src ([^;]*)/, 'script-src $1 https://js.stripe.com')
    .replace(/frame-src ([^;]*)/, 'frame-src $1 https://js.stripe.com https://hooks.stripe.com')
    .replace(/connect-src ([^;]*)/, 'connect-src $1 https://api.stripe.com');

/**
 * Security headers (DESIGN.md §1, issue 2): a CSP without inline scripts, HSTS, nosniff,
 * frame-ancestors 'none', a strict Referrer-Policy; API answers are never stored.
 * Inline styles are allowed because Ant Design writes its CSS-in-JS into <style> elements.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  extraScriptSources: string[] = [],
  extraFrameSources: string[] = [],
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraScriptSources],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extraScriptSources],
        frameSrc: ["'self'", ...extraFrameSources],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    const csp = reply.getHeader('content-security-policy');
    if (app.ctx?.config.stripe && isStripePage(request.url) && typeof csp === 'string')
      reply.header('content-security-policy', withStripe(csp));
    return payload;
  });
};
