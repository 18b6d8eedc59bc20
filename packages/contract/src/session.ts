import * as z from 'zod/mini';

/**
 * The user session the web keeps in localStorage (SPEC.md §3), so it survives a reload and is
 * shared by tabs. Read back through this schema: anything else found there is discarded.
 * Written with zod/mini because the sign-in page reads it first and ships no full zod.
 */
export const UserSessionSchema = z.object({
  AccessToken: z.string().check(z.minLength(1)),
  RefreshToken: z.string().check(z.minLength(1)),
  /** When the access token expires (ISO-8601 instant). */
  AccessTokenExpiration: z.iso.datetime({ offset: true }),
  UserId: z.string(),
  IsAuthenticated: z.literal(true),
  /** Epoch milliseconds of the user's last click or key press. */
  LastInteractionTime: z.number().check(z.nonnegative()),
});
export type UserSession = z.infer<typeof UserSessionSchema>;
