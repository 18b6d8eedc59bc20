import dayjs from 'dayjs';

/** Dates travel as YYYY-MM-DD (SPEC.md §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** How typed dates may be written (shared/ui/date-input.tsx reads them); light, so filters can quote it. */
export const DATE_INPUT_HINT = 'YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY';

/** The browser's IANA time zone; sign-up sends it as the new account's (the tenant's zone decides "today": shared/api/today.ts). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format(DATE_FORMAT);
/** For people: "Mar 4, 2026". */
export const formatDate = (date: string | null | undefined): string => (date ? dayjs(date).format('MMM D, YYYY') : '—');
export const formatDateTime = (instant: string | null | undefined): string => (instant ? dayjs(instant).format('MMM D, YYYY h:mm A') : '—');
