/**
 * The report period a person last chose (DESIGN.md §16: "the period choice is remembered across
 * reports"): kept in this browser per user, so opening another saved report, leaving the page or
 * signing in again keeps it, and someone else signing in on the same browser does not get it.
 */
export type ReportPeriod = { From: string; To: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const periodKeyOf = (userId: string): string => `report_period:${userId}`;

/** The remembered period of this user, or null (none yet, storage refused, or not a period). */
export const readRememberedPeriod = (userId: string): ReportPeriod | null => {
  try {
    const raw = localStorage.getItem(periodKeyOf(userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { From, To } = value as Record<string, unknown>;
    if (typeof From !== 'string' || typeof To !== 'string' || !DATE.test(From) || !DATE.test(To) || From > To) return null;
    return { From, To };
  } catch {
    return null;
  }
};

export const rememberPeriod = (userId: string, period: ReportPeriod): void => {
  try {
    localStorage.setItem(periodKeyOf(userId), JSON.stringify(period));
  } catch {
    // Storage refused (private mode, full): the period is then remembered for this visit only.
  }
};
