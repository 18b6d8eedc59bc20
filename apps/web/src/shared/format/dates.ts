import dayjs from 'dayjs';

/** Dates travel as YYYY-MM-DD (SPEC.md §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

export const today = (): string => dayjs().format(DATE_FORMAT);
export const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format(DATE_FORMAT);
/** For people: "Mar 4, 2026". */
export const formatDate = (date: string | null | undefined): string => (date ? dayjs(date).format('MMM D, YYYY') : '—');
export const formatDateTime = (instant: string | null | undefined): string => (instant ? dayjs(instant).format('MMM D, YYYY h:mm A') : '—');
