import { todayInZone } from '@plansmith/contract/today';

/**
 * Today (YYYY-MM-DD) for a signed-in caller: the day it is now in their tenant's time zone, which
 * comes with the caller (plugins/auth.ts reads it with the caller's row, kept in memory), so asking
 * costs no query. Every rule that means "today" on the server asks here (issue 28 A4).
 */
export const callerToday = (ctx: { clock: { now: () => Date } }, auth: { timeZone: string }): string =>
  todayInZone(auth.timeZone, ctx.clock.now());
