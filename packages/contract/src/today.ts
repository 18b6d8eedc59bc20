/**
 * The one "today" (issue 28 A4): the calendar day, YYYY-MM-DD, in the tenant's IANA time zone.
 * The server computes overdue expenses, objective pace, the spending's elapsed share, new-plan
 * defaults, the digest and the "not in the future" rules with it; the web app's form defaults and
 * date pickers use the same function with the tenant's zone. Without zod, so the web app's small
 * first-load code can use it.
 */

export const FALLBACK_TIME_ZONE = 'UTC';

// Making an Intl.DateTimeFormat costs far more than using one: one per zone, made on first use.
const formats = new Map<string, Intl.DateTimeFormat>();

const formatFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // A zone this runtime does not know counts as UTC rather than failing the request.
      return formatFor(FALLBACK_TIME_ZONE);
    }
    formats.set(timeZone, format);
  }
  return format;
};

/** The day `now` falls on in `timeZone` (an IANA name; unknown or empty names count as UTC), as YYYY-MM-DD. */
export const todayInZone = (timeZone: string | null | undefined, now: Date): string => {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone || FALLBACK_TIME_ZONE).formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/**
 * The zone's canonical IANA name (`america/new_york` → `America/New_York`), or null when the
 * runtime does not know it. Sign-up keeps what the browser reports only when this answers a name.
 */
export const canonicalTimeZone = (timeZone: string): string | null => {
  if (!timeZone) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};
