import { todayInZone } from '@plansmith/contract/today';

/** The tenant's local date and hour of an instant, in its IANA time zone (UTC if the zone is unknown). */
export const localTime = (instant: Date, timeZone: string): { date: string; weekday: string; hour: number } => {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return localTime(instant, 'UTC');
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday ?? '', hour: Number(parts.hour) };
};

export const DIGEST_HOUR = 8;

/**
 * Whether a tenant's weekly digest is due at this instant: Monday from 08:00 until midnight in the
 * tenant's time zone (a server that was down at 08:00 still sends it that Monday, not days later).
 * The week is named by that Monday's local date.
 */
export const digestDue = (instant: Date, timeZone: string): { due: boolean; weekStart: string; today: string } => {
  const local = localTime(instant, timeZone);
  // "Today" is the one every rule uses (contract today.ts), so the digest and the screens agree.
  const today = todayInZone(timeZone, instant);
  return { due: local.weekday === 'Mon' && local.hour >= DIGEST_HOUR, weekStart: today, today };
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Share of a plan's days gone by the end of `today` (0 before it starts, 1 after it ends). */
export const timeElapsed = (startDate: string, endDate: string, today: string): number => {
  const total = dayNumber(endDate) - dayNumber(startDate) + 1;
  if (total <= 0) return 1;
  const gone = dayNumber(today) - dayNumber(startDate) + 1;
  return Math.min(1, Math.max(0, gone / total));
};
