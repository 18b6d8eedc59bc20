import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ISSUER = 'plansmith';
const AUDIENCE = 'plansmith-web';
// Pinned: a token signed with any other algorithm (or "none") is refused.
const ALGORITHM = 'HS256';

const ClaimsSchema = z.object({ sub: z.uuid(), tid: z.uuid(), ver: z.number().int().nonnegative(), exp: z.number() });
export type AccessClaims = z.infer<typeof ClaimsSchema>;

export type JwtService = {
  sign: (
    claims: { userId: string; tenantId: string; tokenVersion: number },
    now: Date,
    ttlSeconds: number,
  ) => Promise<{ token: string; expiresAt: Date }>;
  verify: (token: string, now: Date) => Promise<AccessClaims | null>;
};

/** How many verified tokens are remembered; the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

export const createJwtService = (secret: string): JwtService => {
  // A token's signature, algorithm, issuer and audience never change, so once verified it is
  // remembered and only its expiry is checked again (against the clock, as jose does). Whether the
  // user may still use it (active, token version) is read from the database on every request.
  const verified = new Map<string, AccessClaims>();
  // Imported once: handing jose the raw bytes would import the key again on every verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    sign: async ({ userId, tenantId, tokenVersion }, now, ttlSeconds) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ tid: tenantId, ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(randomUUID())
        .sign(await key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    verify: async (token, now) => {
      const known = verified.get(token);
      if (known) return known.exp > Math.floor(now.getTime() / 1000) ? known : null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        const claims = ClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims.data);
        return claims.data;
      } catch {
        return null;
      }
    },
  };
};
