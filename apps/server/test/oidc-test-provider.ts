import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Provider (the `oidc-provider` library) on loopback, for the SSO tests (issue 35): vitest
 * drives it with `signIn` (plain HTTP through the provider's own login form), Playwright through its login
 * page in the browser. Free of vitest imports on purpose.
 *
 * The provider's development login form (`/interaction/:uid`) takes a login (an account's e-mail) and any
 * password; consent is granted automatically. `tamperIdToken` re-signs the ID token the token endpoint
 * answers with the provider's own key after changing its claims (a wrong nonce, audience or expiry), so the
 * relying party's real validation is what refuses it.
 */

export type TestAccount = {
  /** What to type as the login on the provider's page; also the `email` claim. */
  email: string;
  givenName?: string;
  familyName?: string;
  /** The `email_verified` claim; true when omitted. */
  emailVerified?: boolean;
};

export type StartTestProviderOptions = {
  clientId: string;
  clientSecret: string;
  /** Where the provider may send the browser back (Plansmith's `${PUBLIC_URL}/sso/callback`). */
  redirectUri: string;
  /** More redirect URIs, e.g. a second server's. */
  redirectUris?: string[];
  accounts: TestAccount[];
  /** A fixed port (Playwright); 0 or omitted: any free port. */
  port?: number;
  /** The interface to listen on; 127.0.0.1 by default. */
  host?: string;
};

export type IdTokenTamper = (claims: JWTPayload) => JWTPayload;

export type TestProvider = {
  /** The issuer URL to enter in Plansmith, e.g. http://127.0.0.1:41234 (no trailing slash). */
  issuer: string;
  /** Every account by lower-cased e-mail; add or change accounts while it runs. */
  accounts: Map<string, TestAccount>;
  /**
   * From now on, the ID token of every token answer has its claims changed by `tamper` and is signed again
   * with the provider's key (with `otherKey`: with a key the provider never published). null: as issued.
   */
  tamperIdToken: (tamper: IdTokenTamper | null, options?: { otherKey?: boolean }) => void;
  /**
   * Follows an authorization URL through the provider's login form as `login` (an account's e-mail) with
   * plain HTTP, and answers the URL the provider redirects back to (the relying party's callback with
   * `code` and `state`, or `error`). Does not request the callback itself.
   */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>;
  /** How many token requests the provider has answered (a replay test can check nothing was exchanged). */
  tokenRequests: () => number;
  stop: () => Promise<void>;
};

/** The `sub` claim (and the provider's account id) is the lower-cased e-mail: what the login form takes. */
const subOf = (account: TestAccount): string => account.email.toLowerCase();

export const startTestProvider = async (options: StartTestProviderOptions): Promise<TestProvider> => {
  const host = options.host ?? '127.0.0.1';
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const accounts = new Map(options.accounts.map((account) => [account.email.toLowerCase(), account]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri, ...(options.redirectUris ?? [])],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [privateJwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    // The e-mail and name in the ID token itself (as most IdPs send them), not only from userinfo.
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomUUID()] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id.toLowerCase());
      if (!account) return undefined;
      return {
        accountId: subOf(account),
        claims: async () => ({
          sub: subOf(account),
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: [account.givenName, account.familyName].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    // Consent is given on the person's behalf: a test IdP has nothing to ask.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  let tamper: IdTokenTamper | null = null;
  let signingKey = privateKey;
  const { privateKey: unpublishedKey } = await generateKeyPair('RS256');
  let tokenRequests = 0;
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.method === 'POST') {
      tokenRequests += 1;
      const body = ctx.body as { id_token?: string } | undefined;
      if (tamper && body?.id_token) {
        const claims = tamper(decodeJwt(body.id_token));
        const header = decodeProtectedHeader(body.id_token);
        body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: header.alg ?? 'RS256', kid, typ: header.typ }).sign(signingKey);
      }
    }
  });
  handler = provider.callback();

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const cookies = new Map<string, string>();
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
    };
    let url = new URL(authorizationUrl);
    let init: RequestInit = { method: 'GET' };
    for (let hop = 0; hop < 12; hop += 1) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
      keep(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        init = { method: 'GET' };
        continue;
      }
      const html = await response.text();
      if (response.status === 200 && html.includes('name="prompt" value="login"')) {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
        };
        continue;
      }
      if (response.status === 200 && html.includes('name="prompt" value="consent"')) {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'consent' }).toString(),
        };
        continue;
      }
      throw new Error(`The test provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 400)}`);
    }
    throw new Error('The test provider redirected too many times.');
  };

  return {
    issuer,
    accounts,
    tamperIdToken: (next, tamperOptions) => {
      tamper = next;
      signingKey = tamperOptions?.otherKey ? unpublishedKey : privateKey;
    },
    signIn,
    tokenRequests: () => tokenRequests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
