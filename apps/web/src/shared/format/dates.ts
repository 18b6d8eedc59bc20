import dayjs from 'dayjs';
import { displayFormat, displayGeneration } from './display-format.ts';

/** Dates travel as YYYY-MM-DD (SPEC.md §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * How a date is typed in each display locale (DESIGN.md §17), in dayjs's tokens: first the form the
 * date field shows, then the locale's own order, read before the accepted forms every locale keeps
 * (so 04/03/2027 is 4 March for en-GB, and 12/31/2027 is still read there).
 */
const LOCALE_DATE_FORMS: Record<string, { shown: string; own: readonly string[]; example: string }> = {
  'en-US': { shown: 'MMM D, YYYY', own: [], example: 'Jan 10, 2027' },
  'en-GB': { shown: 'D MMM YYYY', own: ['DD/MM/YYYY', 'D/M/YYYY', 'D MMM YYYY'], example: '10/01/2027' },
  'de-DE': { shown: 'DD.MM.YYYY', own: ['DD.MM.YYYY', 'D.M.YYYY'], example: '10.01.2027' },
  'fr-FR': { shown: 'DD/MM/YYYY', own: ['DD/MM/YYYY', 'D/M/YYYY'], example: '10/01/2027' },
  'es-ES': { shown: 'DD/MM/YYYY', own: ['DD/MM/YYYY', 'D/M/YYYY'], example: '10/01/2027' },
  'ja-JP': { shown: 'YYYY/MM/DD', own: ['YYYY/MM/DD', 'YYYY/M/D'], example: '2027/01/10' },
};
/** Read in every locale (the forms the app always accepted). */
const ALWAYS_ACCEPTED = ['MMM D, YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'M/D/YYYY'] as const;
/** The locale's own order as people write it, for hints: "DD/MM/YYYY". */
const OWN_ORDER_HINT: Record<string, string> = {
  'en-GB': 'DD/MM/YYYY',
  'de-DE': 'DD.MM.YYYY',
  'fr-FR': 'DD/MM/YYYY',
  'es-ES': 'DD/MM/YYYY',
  'ja-JP': 'YYYY/MM/DD',
};

const formsOf = (locale: string) => LOCALE_DATE_FORMS[locale] ?? LOCALE_DATE_FORMS['en-US'];

/** The typed forms a date field reads in `locale`, the shown one first (shared/ui/date-input.tsx). */
export const dateInputFormats = (locale: string = displayFormat().locale): string[] => {
  const forms = formsOf(locale);
  return [...new Set([forms?.shown ?? 'MMM D, YYYY', ...(forms?.own ?? []), ...ALWAYS_ACCEPTED])];
};

/** How typed dates may be written, for hints and errors: "DD.MM.YYYY, YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY". */
export const dateInputHint = (locale: string = displayFormat().locale): string => {
  const own = OWN_ORDER_HINT[locale];
  return own ? `${own}, YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY` : 'YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY';
};

/** A date as the placeholder of a date field suggests it: "e.g. 10.01.2027". */
export const dateInputExample = (locale: string = displayFormat().locale): string => `e.g. ${formsOf(locale)?.example ?? 'Jan 10, 2027'}`;

/** The browser's IANA time zone; sign-up sends it as the new account's (the tenant's zone decides "today": shared/api/today.ts). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format(DATE_FORMAT);

/** A DateTimeFormat in the display locale, made on first use and again after the locale changes. */
const lazyDateFormat = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  let madeIn = -1;
  return (value: Date): string => {
    if (!made || madeIn !== displayGeneration()) {
      made = new Intl.DateTimeFormat(displayFormat().locale, options);
      madeIn = displayGeneration();
    }
    return made.format(value);
  };
};

// A calendar date (YYYY-MM-DD) is no instant: it is formatted as that day in UTC, so no zone moves it.
const dayFormat = lazyDateFormat({ dateStyle: 'medium', timeZone: 'UTC' });
const monthYearFormat = lazyDateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthFormat = lazyDateFormat({ month: 'short', timeZone: 'UTC' });
const instantFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const instantDayFormat = lazyDateFormat({ dateStyle: 'medium' });

const utcDay = (date: string): Date => {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** For people, in their locale: "Mar 4, 2026" (en-US), "4 Mar 2026" (en-GB), "04.03.2026" (de-DE), "2026/03/04" (ja-JP). */
export const formatDate = (date: string | null | undefined): string => (date ? dayFormat(utcDay(date)) : '—');

/** An instant in the browser's zone and the person's locale: "Mar 4, 2026, 3:05 PM" (en-US), "04.03.2026, 15:05" (de-DE). */
export const formatDateTime = (instant: string | null | undefined): string => (instant ? instantFormat(new Date(instant)) : '—');

/** The day of an instant in the browser's zone and the person's locale: "Mar 4, 2026" (en-US), "04.03.2026" (de-DE). */
export const formatInstantDay = (instant: string | null | undefined): string => (instant ? instantDayFormat(new Date(instant)) : '—');

/** A month ("2026-03" or a date in it): "Mar 2026" (en-US), "März 2026" (de-DE), "2026年3月" (ja-JP); withYear false: "Mar". */
export const formatMonth = (month: string, withYear = true): string => {
  const day = utcDay(month.length === 7 ? `${month}-01` : month);
  return withYear ? monthYearFormat(day) : monthFormat(day);
};
