import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EVENTS_TICKET_SECONDS } from '@plansmith/contract';
import { z } from 'zod';

/**
 * The event stream's ticket (DESIGN.md §13): EventSource sends no Authorization header, so the
 * browser trades its access token for a ticket that travels in the URL. It opens the stream only
 * (its key is derived for this one purpose: it is no access token, and an access token is no
 * ticket), for one user of one tenant, for a minute, and only while the user's token version is
 * the one it was issued under (a sign-out or password change ends it).
 */
export type TicketClaims = { tenantId: string; userId: string; tokenVersion: number; expiresAt: Date };

const PREFIX = 'ev1';

const PayloadSchema = z.object({ t: z.uuid(), u: z.uuid(), v: z.number().int().nonnegative(), x: z.number().int(), n: z.string() });

export type TicketService = {
  issue: (claims: Omit<TicketClaims, 'expiresAt'>, now: Date) => { ticket: string; expiresAt: Date };
  /** The claims of a genuine ticket that has not expired at `now`, else null. */
  verify: (ticket: string, now: Date) => TicketClaims | null;
};

export const createTicketService = (secret: string): TicketService => {
  const key = createHmac('sha256', secret).update('plansmith events ticket').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest('base64url');
  return {
    issue: ({ tenantId, userId, tokenVersion }, now) => {
      const expiresAt = new Date(now.getTime() + EVENTS_TICKET_SECONDS * 1000);
      const payload = Buffer.from(
        JSON.stringify({ t: tenantId, u: userId, v: tokenVersion, x: expiresAt.getTime(), n: randomBytes(6).toString('base64url') }),
      ).toString('base64url');
      return { ticket: `${PREFIX}.${payload}.${sign(payload)}`, expiresAt };
    },
    verify: (ticket, now) => {
      const [prefix, payload, signature, ...rest] = ticket.split('.');
      if (prefix !== PREFIX || !payload || !signature || rest.length > 0 || ticket.length > 1000) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const claims = PayloadSchema.safeParse(parsed);
      if (!claims.success || claims.data.x <= now.getTime()) return null;
      return { tenantId: claims.data.t, userId: claims.data.u, tokenVersion: claims.data.v, expiresAt: new Date(claims.data.x) };
    },
  };
};
