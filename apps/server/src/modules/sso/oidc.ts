import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import { addressRange, checkPublicHost, publicOnlyLookup, RefusedAddressError } from '../../lib/public-address.ts';

/**
 * The OpenID Connect relying party, through openid-client (the well-kept OIDC client): discovery,
 * the authorization URL with PKCE, state and nonce, and the code exchange that checks the ID token
 * (signature against the IdP's keys, issuer, audience, expiry, nonce) and the state.
 */

/** Seconds to wait for the IdP's discovery document, keys and token endpoint. */
const IDP_TIMEOUT_SECONDS = 10;

export type IdpClient = {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** Outside production: an http issuer (a test IdP on loopback). */
  allowHttp: boolean;
  /** In production: the issuer and every endpoint the server calls must resolve to public addresses. */
  publicOnly: boolean;
};

/** Why a non-public IdP address is refused (the end of the refusal's message). */
export const IDP_PUBLIC_ONLY = 'the server reaches identity providers on public addresses only.';

/** Throws when one of `urls`' hosts resolves to a private, loopback or link-local address. */
const assertPublicHosts = async (urls: Array<string | undefined>): Promise<void> => {
  for (const host of new Set(urls.filter((url): url is string => !!url).map((url) => new URL(url).hostname))) {
    const refused = await checkPublicHost(host, IDP_PUBLIC_ONLY);
    if (refused) throw refused;
  }
};

let publicAgent: Agent | undefined;

/**
 * In production every request to the IdP (discovery, keys, token, userinfo) goes through this fetch: its
 * connections look the name up with a lookup that refuses non-public addresses, so the address checked is
 * the address connected to (a DNS change after assertPublicHosts' check, DNS rebinding, is refused too).
 */
const publicOnlyFetch: oidc.CustomFetch = async (url, options) => {
  const host = new URL(url).hostname;
  // An address written in the URL is not looked up when connecting: judge it here.
  if (addressRange(host) !== null) {
    const refused = await checkPublicHost(host, IDP_PUBLIC_ONLY);
    if (refused) throw refused;
  }
  publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup(IDP_PUBLIC_ONLY) } });
  try {
    // undici's own fetch with its Agent (Node 20's global fetch bundles an older undici); its Response
    // is a WHATWG Response, which openid-client accepts.
    const response = await undiciFetch(url, { ...(options as Parameters<typeof undiciFetch>[1]), dispatcher: publicAgent });
    return response as unknown as Response;
  } catch (error) {
    // fetch's "fetch failed" carries the refusal as its cause: say why.
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof RefusedAddressError ? cause : error;
  }
};

/** Reads the IdP's /.well-known/openid-configuration; http only when allowed (never in production). */
export const discoverIdp = async (client: IdpClient): Promise<oidc.Configuration> => {
  try {
    return await discover(client);
  } catch (error) {
    // openid-client answers "something went wrong" with the refusal as its cause: say why.
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof RefusedAddressError ? cause : error;
  }
};

const discover = async (client: IdpClient): Promise<oidc.Configuration> => {
  const url = new URL(client.issuerUrl);
  if (client.publicOnly) await assertPublicHosts([client.issuerUrl]);
  const options: oidc.DiscoveryRequestOptions = {
    timeout: IDP_TIMEOUT_SECONDS,
    ...(client.allowHttp && url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    ...(client.publicOnly ? { [oidc.customFetch]: publicOnlyFetch } : {}),
  };
  if (client.clientSecret === undefined)
    return checked(await oidc.discovery(url, client.clientId, undefined, oidc.None(), options), client);
  const secret = client.clientSecret;
  // The token endpoint's method: client_secret_basic unless the IdP supports only client_secret_post
  // (OpenID Connect Discovery: basic is the default when the IdP names none).
  const configuration = await oidc.discovery(url, client.clientId, { client_secret: secret }, oidc.ClientSecretBasic(secret), options);
  const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
  const chosen =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? await oidc.discovery(url, client.clientId, { client_secret: secret }, oidc.ClientSecretPost(secret), options)
      : configuration;
  // The ID token's signature is checked against the IdP's published keys (jwks_uri) as well, not only its
  // claims: openid-client leaves that to TLS by default for a token from the token endpoint.
  oidc.enableNonRepudiationChecks(chosen);
  return checked(chosen, client);
};

/**
 * The endpoints the server itself calls (keys, token, userinfo) are held to the issuer's rule: checked here
 * for a clear refusal, and again at each connection by publicOnlyFetch's lookup.
 */
const checked = async (configuration: oidc.Configuration, client: IdpClient): Promise<oidc.Configuration> => {
  if (client.publicOnly) {
    const metadata = configuration.serverMetadata();
    await assertPublicHosts([metadata.jwks_uri, metadata.token_endpoint, metadata.userinfo_endpoint]);
  }
  return configuration;
};

export type LoginChecks = { state: string; nonce: string; codeVerifier: string };

export const newLoginChecks = (): Omit<LoginChecks, 'state'> & { random: string } => ({
  random: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

export const authorizationUrl = async (
  configuration: oidc.Configuration,
  input: LoginChecks & { redirectUri: string; loginHint: string },
): Promise<string> => {
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: input.state,
    nonce: input.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: input.loginHint,
  });
  return url.href;
};

export type IdentityClaims = {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  givenName: string;
  familyName: string;
  name: string;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Exchanges the code (PKCE) and checks the answer and its ID token; answers who signed in. */
export const finishLogin = async (
  configuration: oidc.Configuration,
  callbackUrl: URL,
  checks: LoginChecks & { redirectUri: string },
): Promise<IdentityClaims> => {
  const tokens = await oidc.authorizationCodeGrant(
    configuration,
    callbackUrl,
    { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
    { redirect_uri: checks.redirectUri },
  );
  const claims = tokens.claims();
  if (!claims) throw new Error('The identity provider sent no ID token.');
  let source: Record<string, unknown> = claims;
  // An IdP that keeps the e-mail out of the ID token answers it at userinfo (for the same subject).
  if (typeof claims.email !== 'string' && tokens.access_token) {
    source = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
  }
  const verified = source.email_verified;
  return {
    subject: claims.sub,
    email: text(source.email).toLowerCase() || null,
    emailVerified: typeof verified === 'boolean' ? verified : verified === 'true' ? true : verified === 'false' ? false : null,
    givenName: text(source.given_name),
    familyName: text(source.family_name),
    name: text(source.name),
  };
};

/** One sentence about why the IdP's answer was refused, for the person and the audit log. */
export const describeOidcError = (error: unknown): string => {
  if (error instanceof oidc.AuthorizationResponseError) {
    return `the identity provider refused the sign-in (${error.error_description ?? error.error})`;
  }
  if (error instanceof oidc.ResponseBodyError) {
    return `the identity provider refused the code (${error.error_description ?? error.error})`;
  }
  const code = (error as { code?: unknown }).code;
  // openid-client wraps oauth4webapi's error, whose `cause` names the claim that failed (nonce, aud, exp, …).
  const inner = (error as { cause?: { message?: unknown; cause?: { claim?: unknown } } }).cause;
  const claim = typeof inner?.cause?.claim === 'string' ? inner.cause.claim : null;
  const detail = typeof inner?.message === 'string' ? inner.message : error instanceof Error ? error.message : String(error);
  const message = claim && !detail.includes(claim) ? `${detail}: ${claim}` : detail;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `the ID token did not match this sign-in (${message})`;
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return `the ID token has expired (${message})`;
  if (code === 'OAUTH_INVALID_RESPONSE' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
    return `the identity provider's answer is not valid (${message})`;
  return `the identity provider could not be reached or answered wrongly (${message})`;
};
