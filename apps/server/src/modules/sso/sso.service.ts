import {
  SSO_CALLBACK_PATH,
  SSO_ERROR_PARAM,
  SSO_HANDOFF_PARAM,
  SSO_HANDOFF_TTL_SECONDS,
  SSO_HTTPS_MESSAGE,
  SSO_LANDING_PATH,
  SSO_LOGIN_TTL_SECONDS,
  SSO_PLAN_MESSAGE,
  SSO_SECRET_KEY_MESSAGE,
  SSO_SECRET_REQUIRED_MESSAGE,
  type SsoDefaultRole,
  type SsoSaveRequest,
  type SsoSettings,
  type SsoTestResult,
  ssoDomainTakenMessage,
  ssoNotSetUpMessage,
  type TokenResponse,
  VERSION_REQUIRED_MESSAGE,
} from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, forbidden, HttpError } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { openSecret, SecretBoxError, sealSecret } from '../../lib/secret-box.ts';
import { checkPublicHost } from '../../lib/public-address.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { SsoRoleCode } from '../../schema/sso.ts';
import { assertVersion } from '../activities/index.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import { findUser, findUserByEmail, issueTokens } from '../identity/index.ts';
import { authorizationUrl, describeOidcError, discoverIdp, finishLogin, IDP_PUBLIC_ONLY, newLoginChecks } from './oidc.ts';
import * as repo from './sso.repository.ts';

type SaveInput = Omit<SsoSaveRequest, 'DefaultRole' | 'RequireSso' | 'Enabled'> & {
  DefaultRole: SsoDefaultRole;
  RequireSso: boolean;
  Enabled: boolean;
};

const ROLE_CODES: Record<SsoDefaultRole, SsoRoleCode> = { Admin: 'admin', Member: 'member' };
const ROLE_NAMES: Record<SsoRoleCode, SsoDefaultRole> = { admin: 'Admin', member: 'Member' };

/** Single sign-on is an Enterprise feature (DESIGN.md §18; the contract's decision). */
const assertEnterprise = (auth: AuthContext) => {
  if (auth.planCode !== 'enterprise') throw forbidden(SSO_PLAN_MESSAGE);
};

/** Codes handed out (state, handoff) start with the tenant id, so their lookups are pinned to one tenant. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tenantOf = (code: string): string | null => {
  const tenantId = code.split('.')[0] ?? '';
  return UUID.test(tenantId) ? tenantId : null;
};

/** Complete's refusal when SSO was disabled, or the account left Enterprise, after the IdP's return. */
export const SSO_NO_LONGER_SET_UP_MESSAGE =
  'Single sign-on is no longer set up for this account. Sign in another way or ask your administrator.';

/** A refusal at the callback: the person goes back to /login with `message`; the audit log hears of it. */
class CallbackRefusal extends Error {}

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

/** A name for a person the IdP created: its given and family names, else its name, else the address. */
const namesOf = (claims: { givenName: string; familyName: string; name: string }, email: string) => {
  if (claims.givenName || claims.familyName) return { firstName: claims.givenName || email, lastName: claims.familyName };
  if (claims.name) {
    const [first = claims.name, ...rest] = claims.name.split(/\s+/);
    return { firstName: first, lastName: rest.join(' ') };
  }
  return { firstName: email.slice(0, email.indexOf('@')), lastName: '' };
};

export const createSsoService = (ctx: AppContext) => {
  const redirectUri = `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;
  const allowHttp = !ctx.config.isProduction;
  const publicOnly = ctx.config.isProduction;

  const toSettings = (row: repo.SettingsRow | null, domains: string[]): SsoSettings => ({
    IssuerUrl: row?.issuerUrl ?? '',
    ClientId: row?.clientId ?? '',
    HasClientSecret: row !== null,
    Domains: domains,
    DefaultRole: row ? ROLE_NAMES[row.defaultRole] : 'Member',
    RequireSso: row?.requireSso ?? false,
    Enabled: row?.enabled ?? true,
    RedirectUri: redirectUri,
    Version: row ? Number(row.version) : null,
  });

  const read = async (db: Db, tenantId: string): Promise<SsoSettings> =>
    toSettings(await repo.findSettings(db, tenantId), await repo.listDomains(db, tenantId));

  const assertIssuerAllowed = async (issuerUrl: string) => {
    if (!allowHttp && !issuerUrl.startsWith('https://')) throw fieldError('IssuerUrl', SSO_HTTPS_MESSAGE);
    if (!publicOnly) return;
    // In production the issuer must resolve to public addresses (a name that does not resolve yet is
    // left to Test and the sign-in, which refuse it then).
    const refused = await checkPublicHost(new URL(issuerUrl).hostname, IDP_PUBLIC_ONLY).catch(() => null);
    if (refused) throw fieldError('IssuerUrl', `The issuer cannot be used: ${refused.message}`);
  };

  const summaryOf = (input: SaveInput, secretChanged: boolean, created: boolean): string => {
    const parts = [
      `issuer ${input.IssuerUrl}`,
      `client id ${input.ClientId}`,
      `domains ${input.Domains.join(', ')}`,
      `new people join as ${input.DefaultRole}`,
      `require SSO ${input.RequireSso ? 'on' : 'off'}`,
      input.Enabled ? 'enabled' : 'disabled',
    ];
    if (secretChanged) parts.push('client secret replaced');
    return `${created ? 'Set up' : 'Changed'} single sign-on: ${parts.join('; ')}`.slice(0, 1000);
  };

  /** Refuses the sign-in at the callback: back to /login with the reason, and a failed sign-in in the log. */
  const refuse = async (tenantId: string | null, reason: string, ip: string, email?: string | null): Promise<string> => {
    if (tenantId) {
      await recordSecurityEvent(ctx.db, {
        tenantId,
        kind: 'sign_in_failed',
        userId: null,
        email: email ?? null,
        ip,
        summary: `Failed sign-in through single sign-on${email ? ` as ${email}` : ''}: ${reason}`,
        at: ctx.clock.now(),
      });
    }
    const message = `Single sign-on did not work: ${reason}.`;
    return `/login?${SSO_ERROR_PARAM}=${encodeURIComponent(message)}`;
  };

  return {
    get: async (auth: AuthContext): Promise<SsoSettings> => {
      assertEnterprise(auth);
      return read(ctx.db, auth.tenantId);
    },

    save: async (auth: AuthContext, input: SaveInput, ip: string): Promise<SsoSettings> => {
      assertEnterprise(auth);
      return ctx.db.transaction(async (tx) => {
        const current = await repo.lockSettingsVersion(tx, auth.tenantId);
        if (current !== null) {
          if (input.Version === undefined) throw fieldError('Version', VERSION_REQUIRED_MESSAGE);
          await assertVersion(tx, auth, {
            entity: 'SsoSettings',
            id: auth.tenantId,
            what: 'the single sign-on settings',
            read: input.Version,
            current,
            row: () => read(tx, auth.tenantId),
            writtenBy: async () => {
              const row = await repo.findSettings(tx, auth.tenantId);
              return row ? { userId: row.changedBy, at: row.updatedAt } : null;
            },
          });
        }
        await assertIssuerAllowed(input.IssuerUrl);
        const existing = current === null ? null : await repo.findSettings(tx, auth.tenantId);
        const newSecret = input.ClientSecret?.trim() ? input.ClientSecret.trim() : null;
        if (newSecret === null && !existing) throw fieldError('ClientSecret', SSO_SECRET_REQUIRED_MESSAGE);
        let sealed = existing?.clientSecretSealed ?? '';
        if (newSecret !== null) {
          if (!ctx.config.secretKey) throw conflict(SSO_SECRET_KEY_MESSAGE);
          sealed = sealSecret(ctx.config.secretKey, newSecret);
        }
        const taken = await repo.domainTakenElsewhere(tx, auth.tenantId, input.Domains);
        if (taken) throw new HttpError(409, ssoDomainTakenMessage(taken), [{ Field: 'Domains', Message: ssoDomainTakenMessage(taken) }]);
        const now = ctx.clock.now();
        const write: repo.SettingsWrite = {
          issuerUrl: input.IssuerUrl,
          clientId: input.ClientId,
          clientSecretSealed: sealed,
          defaultRole: ROLE_CODES[input.DefaultRole],
          requireSso: input.RequireSso,
          enabled: input.Enabled,
          changedBy: auth.userId,
          now,
        };
        if (existing) await repo.updateSettings(tx, auth.tenantId, write);
        else if (!(await repo.insertSettings(tx, auth.tenantId, write))) {
          // Someone saved the first settings meanwhile: theirs stand, as with any stale write.
          throw conflict('Someone else saved the single sign-on settings while you were editing. Reload them and save again.');
        }
        try {
          await repo.replaceDomains(tx, auth.tenantId, input.Domains);
        } catch (error) {
          // Another account claimed one of them between the check and the write (the unique index).
          if ((error as { code?: string }).code === '23505') throw conflict(ssoDomainTakenMessage(input.Domains[0] ?? ''));
          throw error;
        }
        await recordSecurityEvent(tx, {
          tenantId: auth.tenantId,
          kind: 'sso_changed',
          userId: auth.userId,
          ip,
          entityType: 'SsoSettings',
          entityId: auth.tenantId,
          summary: summaryOf(input, newSecret !== null && existing !== null, existing === null),
          at: now,
        });
        return read(tx, auth.tenantId);
      });
    },

    test: async (auth: AuthContext, issuer: string | undefined): Promise<SsoTestResult> => {
      assertEnterprise(auth);
      const saved = await repo.findSettings(ctx.db, auth.tenantId);
      const issuerUrl = issuer ?? saved?.issuerUrl;
      if (!issuerUrl) throw fieldError('IssuerUrl', 'Enter the issuer URL to test.');
      if (!allowHttp && !issuerUrl.startsWith('https://')) return { Ok: false, Message: SSO_HTTPS_MESSAGE };
      try {
        const configuration = await discoverIdp({ issuerUrl, clientId: saved?.clientId || 'plansmith', allowHttp, publicOnly });
        const metadata = configuration.serverMetadata();
        return {
          Ok: true,
          Message: `The identity provider answered: issuer ${metadata.issuer}.`,
          Issuer: metadata.issuer,
          ...(metadata.authorization_endpoint ? { AuthorizationEndpoint: metadata.authorization_endpoint } : {}),
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { Ok: false, Message: `Could not read the OpenID configuration of ${issuerUrl}: ${reason}` };
      }
    },

    /** Starts a sign-in for the address's domain: the URL of the IdP's sign-in page. */
    start: async (email: string, ip: string): Promise<{ RedirectUrl: string }> => {
      const domain = domainOf(email);
      const owner = await repo.findByDomain(ctx.db, domain);
      if (!owner?.enabled || owner.planCode !== 'enterprise') {
        throw fieldError('Email', ssoNotSetUpMessage(domain));
      }
      const now = ctx.clock.now();
      let url: string;
      const checks = newLoginChecks();
      const state = `${owner.tenantId}.${checks.random}`;
      try {
        const configuration = await discoverIdp({ issuerUrl: owner.issuerUrl, clientId: owner.clientId, allowHttp, publicOnly });
        url = await authorizationUrl(configuration, {
          state,
          nonce: checks.nonce,
          codeVerifier: checks.codeVerifier,
          redirectUri,
          loginHint: email,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await recordSecurityEvent(ctx.db, {
          tenantId: owner.tenantId,
          kind: 'sign_in_failed',
          userId: null,
          email,
          ip,
          summary: `Failed sign-in through single sign-on as ${email}: the identity provider did not answer (${reason})`.slice(0, 1000),
          at: now,
        });
        throw badRequest(`Single sign-on for ${domain} is not working: its identity provider did not answer. Ask your administrator.`);
      }
      await repo.insertLogin(ctx.db, {
        tenantId: owner.tenantId,
        id: newId(),
        stateHash: hashKey(state),
        nonce: checks.nonce,
        codeVerifier: checks.codeVerifier,
        email,
        now,
        expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_SECONDS * 1000),
      });
      return { RedirectUrl: url };
    },

    /**
     * The IdP's return (GET /sso/callback): checks it, finds or creates the person, and answers where the
     * browser goes next: the SPA with a one-time handoff code, or /login with the reason it failed.
     */
    callback: async (query: Record<string, string>, rawQuery: string, ip: string): Promise<string> => {
      const state = query.state ?? '';
      const tenantId = tenantOf(state);
      const login = tenantId ? await repo.takeLogin(ctx.db, tenantId, hashKey(state)) : null;
      const now = ctx.clock.now();
      // An unknown, replayed or expired state: nothing is known to be genuine, so no account's log hears of it.
      if (!tenantId || !login || login.expiresAt.getTime() <= now.getTime()) {
        return refuse(null, 'this sign-in has expired or was already used; start again', ip);
      }
      let email: string | null = login.email;
      try {
        const settings = await repo.findSettings(ctx.db, tenantId);
        if (!settings?.enabled || (await repo.findTenantPlan(ctx.db, tenantId)) !== 'enterprise') {
          throw new CallbackRefusal('single sign-on is no longer set up for this account');
        }
        if (!ctx.config.secretKey) throw new CallbackRefusal('the server has no SSO_SECRET_KEY to open the client secret');
        let clientSecret: string;
        try {
          clientSecret = openSecret(ctx.config.secretKey, settings.clientSecretSealed);
        } catch (error) {
          if (error instanceof SecretBoxError)
            throw new CallbackRefusal('the stored client secret cannot be opened with this SSO_SECRET_KEY');
          throw error;
        }
        let claims: Awaited<ReturnType<typeof finishLogin>>;
        try {
          const configuration = await discoverIdp({
            issuerUrl: settings.issuerUrl,
            clientId: settings.clientId,
            clientSecret,
            allowHttp,
            publicOnly,
          });
          claims = await finishLogin(configuration, new URL(`${redirectUri}?${rawQuery}`), {
            state,
            nonce: login.nonce,
            codeVerifier: login.codeVerifier,
            redirectUri,
          });
        } catch (error) {
          throw new CallbackRefusal(describeOidcError(error));
        }
        if (!claims.email) throw new CallbackRefusal('the identity provider did not send an e-mail address');
        email = claims.email;
        if (claims.emailVerified === false) throw new CallbackRefusal(`the identity provider has not verified ${email}`);
        const domains = await repo.listDomains(ctx.db, tenantId);
        if (!domains.includes(domainOf(email))) {
          throw new CallbackRefusal(`${email} is not in the e-mail domains that sign in through single sign-on here`);
        }
        const signedInEmail = email;
        const code = `${tenantId}.${generateKey()}`;
        await ctx.db.transaction(async (tx) => {
          const existing = await findUserByEmail(tx, signedInEmail);
          if (existing && existing.tenantId !== tenantId)
            throw new CallbackRefusal(`${signedInEmail} belongs to another Plansmith account`);
          if (existing && !existing.active) throw new CallbackRefusal('your account is deactivated; ask your administrator');
          let userId = existing?.id;
          if (!userId) {
            userId = newId();
            await repo.insertPerson(tx, {
              tenantId,
              id: userId,
              email: signedInEmail,
              ...namesOf(claims, signedInEmail),
              tenantRole: settings.defaultRole,
              now,
            });
          }
          await repo.insertHandoff(tx, {
            tenantId,
            id: newId(),
            userId,
            codeHash: hashKey(code),
            now,
            expiresAt: new Date(now.getTime() + SSO_HANDOFF_TTL_SECONDS * 1000),
          });
        });
        return `${SSO_LANDING_PATH}#${SSO_HANDOFF_PARAM}=${encodeURIComponent(code)}`;
      } catch (error) {
        if (error instanceof CallbackRefusal) return refuse(tenantId, error.message, ip, email);
        throw error;
      }
    },

    /** Exchanges the handoff code for a session (once, within 60 seconds). */
    complete: async (handoff: string, ip: string): Promise<TokenResponse> => {
      const tenantId = tenantOf(handoff);
      const invalid = () => badRequest('This sign-in link has expired or was already used. Sign in again.');
      if (!tenantId) throw invalid();
      const outcome = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const userId = await repo.useHandoff(tx, tenantId, hashKey(handoff), now);
        const user = userId ? await findUser(tx, tenantId, userId) : null;
        if (!user?.active) throw invalid();
        // Checked again here: SSO disabled, or the account off Enterprise, within the handoff's 60 seconds
        // after the callback. The handoff stays used; the refusal is a failed sign-in in the log.
        const settings = await repo.findSettings(tx, tenantId);
        if (!settings?.enabled || (await repo.findTenantPlan(tx, tenantId)) !== 'enterprise') {
          await recordSecurityEvent(tx, {
            tenantId,
            kind: 'sign_in_failed',
            userId: null,
            email: user.email,
            ip,
            summary: `Failed sign-in through single sign-on as ${user.email}: single sign-on is no longer set up for this account`,
            at: now,
          });
          return null;
        }
        const tokens = await issueTokens(ctx, tx, user);
        await recordSecurityEvent(tx, {
          tenantId,
          kind: 'sign_in',
          userId: user.id,
          subjectUserId: user.id,
          email: user.email,
          ip,
          entityType: 'User',
          entityId: user.id,
          summary: `Signed in as ${user.email} through single sign-on`,
          at: now,
        });
        return tokens;
      });
      if (!outcome) throw forbidden(SSO_NO_LONGER_SET_UP_MESSAGE);
      return outcome;
    },
  };
};
