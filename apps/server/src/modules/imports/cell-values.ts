import { MAX_MONEY } from '@plansmith/contract';
import { type CurrencyCode, currencyDecimalsMessage, currencyDigits } from '@plansmith/contract/currency-codes';

// Parsers for the text of one cell. Each answers a value or a message fit for the row's error list.
export type Parsed<T> = { value: T } | { error: string };

/** A cell our exports (or any spreadsheet) prefixed with ' so it would not run as a formula: the prefix goes. */
export const unescapeFormula = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Compares names the way people mean them: case, surrounding and repeated spaces ignored. */
export const nameKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

const toMinorExact = (whole: string, fraction: string, digits: number): number =>
  Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');

/**
 * Money as people type it: "$1,234.56", "1 234,56", "1.234,56", "(12.00)", "USD 99", "EUR 1.200,50".
 * The decimal separator is the last "." or "," when one to two digits follow it (a lone "," with
 * three digits after it groups thousands, even in KWD: "1,234"); the other one groups thousands. Answers integer minor units of
 * `currency` (cents when none is given; never through floating point); negative amounts are refused.
 * With a currency, too many decimals is the contract's message ("Amount in JPY can have no decimals.").
 */
export const parseMoney = (text: string, currency?: CurrencyCode): Parsed<number> => {
  const digits = currency ? currencyDigits(currency) : 2;
  let clean = text.replace(/usd|us\$|[$€£¥\s\u00a0\u202f']/gi, '');
  if (currency) clean = clean.replace(new RegExp(currency, 'gi'), '');
  let negative = false;
  if (/^\(.*\)$/.test(clean)) {
    negative = true;
    clean = clean.slice(1, -1);
  }
  if (clean.startsWith('-')) {
    negative = true;
    clean = clean.slice(1);
  } else if (clean.startsWith('+')) clean = clean.slice(1);
  const lastDot = clean.lastIndexOf('.');
  const lastComma = clean.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastComma >= 0) decimal = /^\d+,\d{1,2}$/.test(clean) ? ',' : null;
  else if (lastDot >= 0) decimal = /^\d{1,3}(\.\d{3}){2,}$/.test(clean) ? null : '.';
  const group = decimal === ',' || (decimal === null && lastDot >= 0) ? '.' : ',';
  const [whole = '', fraction = '', extra] = decimal ? clean.split(decimal) : [clean];
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  if (extra !== undefined || !(/^\d*$/.test(whole) || grouped.test(whole)) || !/^\d*$/.test(fraction) || (whole + fraction).length === 0) {
    return { error: `“${text}” is not an amount.` };
  }
  if (fraction.length > digits)
    return { error: currency ? currencyDecimalsMessage('Amount', currency) : `${text} has more than 2 decimals.` };
  if (negative) return { error: 'Amount cannot be negative.' };
  const minor = toMinorExact(whole.replaceAll(group, ''), fraction, digits);
  if (minor > MAX_MONEY * 10 ** digits) return { error: 'Amount is too large.' };
  return { value: minor };
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** 1–12 for a month's name or abbreviation ("Sep", "Sept", "September"), else null. */
export const monthNumber = (name: string): number | null => {
  const index = MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase());
  return index >= 0 && /^[a-z]+\.?$/i.test(name) ? index + 1 : null;
};

const pad = (value: number) => String(value).padStart(2, '0');
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

const isoDate = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${year}-${pad(month)}-${pad(day)}`
    : null;
};

// Excel counts days from 1899-12-30 (its 1900 leap-year bug included), so serial 45658 is 2025-01-01.
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const excelSerialDate = (serial: number): string | null => {
  if (serial < 61 || serial > 2_958_465) return null;
  return new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
};

const DATE_FORMATS: [RegExp, (match: RegExpMatchArray) => string | null][] = [
  // 2026-03-15, 2026/3/15, with an optional time after it
  [/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+Z?)?$/, (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3]))],
  // 15.03.2026 (day first, as European sheets write it)
  [/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, (m) => isoDate(Number(m[3]), Number(m[2]), Number(m[1]))],
  // Mar 15, 2026 / March 15 2026
  [
    /^([a-z]+\.?) (\d{1,2}),? (\d{4})$/i,
    (m) => {
      const month = monthNumber(m[1] as string);
      return month ? isoDate(Number(m[3]), month, Number(m[2])) : null;
    },
  ],
  // 15-Mar-2026, 15 Mar 26 (Excel's d-mmm-yy)
  [
    /^(\d{1,2})[- ]([a-z]+\.?)[- ](\d{4}|\d{2})$/i,
    (m) => {
      const month = monthNumber(m[2] as string);
      return month ? isoDate(fullYear(m[3] as string), month, Number(m[1])) : null;
    },
  ],
  // An Excel serial number, as a CSV saved from a date column without its format shows it
  [/^(\d{2,7})(?:\.\d+)?$/, (m) => excelSerialDate(Number(m[1]))],
];

/** Two numbers and a year separated by slashes: 3/15/2026, 15/03/26. Which number is the month is the date order's. */
export const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;

export type DateOrder = 'MonthFirst' | 'DayFirst' | 'YearFirst';

const readSlashDate = (text: string, match: RegExpMatchArray, order: DateOrder): Parsed<string> => {
  const [first, second, year] = [Number(match[1]), Number(match[2]), fullYear(match[3] as string)];
  if (order === 'YearFirst') return { error: `${text} is not year first (YYYY-MM-DD): choose Month first or Day first as the date order.` };
  const dayFirst = order === 'DayFirst';
  const date = dayFirst ? isoDate(year, second, first) : isoDate(year, first, second);
  if (date) return { value: date };
  // Real the other way round (31/12/2027 read month first): the order is wrong, not the date.
  const other = dayFirst ? isoDate(year, first, second) : isoDate(year, second, first);
  if (other)
    return {
      error: `${text} has ${dayFirst ? second : first} where the month goes: read ${dayFirst ? 'month' : 'day'} first it is ${other}. Choose ${dayFirst ? 'Month first' : 'Day first'} as the date order.`,
    };
  return { error: `${text} is not a real date.` };
};

/**
 * A date as YYYY-MM-DD from the forms spreadsheets write (ISO, 3/15/2026 or 15/03/2026 by the date
 * order, European dots, month names, Excel serials).
 */
export const parseDate = (text: string, order: DateOrder = 'MonthFirst'): Parsed<string> => {
  const slash = text.match(SLASH_DATE);
  if (slash) return readSlashDate(text, slash, order);
  for (const [pattern, toDate] of DATE_FORMATS) {
    const match = text.match(pattern);
    if (match) {
      const date = toDate(match);
      return date ? { value: date } : { error: `${text} is not a real date.` };
    }
  }
  return { error: `“${text}” is not a date. Use YYYY-MM-DD, or MM/DD/YYYY or DD/MM/YYYY as the date order says.` };
};

/**
 * A month column's header as YYYY-MM: "2026-01", "2026-01-01" (a date cell), "Jan 2026",
 * "January 2026", "Jan-26", "01/2026"; null when the header is not a month.
 */
export const parseMonthHeader = (header: string): string | null => {
  const text = header.trim();
  let match = text.match(/^(\d{4})-(\d{2})(?:-01)?$/);
  if (match) return Number(match[2]) >= 1 && Number(match[2]) <= 12 ? `${match[1]}-${match[2]}` : null;
  match = text.match(/^(\d{1,2})\/(\d{4})$/);
  if (match) return Number(match[1]) >= 1 && Number(match[1]) <= 12 ? `${match[2]}-${pad(Number(match[1]))}` : null;
  match = text.match(/^([a-z]+\.?)[- ']+(\d{4}|\d{2})$/i);
  if (match) {
    const month = monthNumber(match[1] as string);
    return month ? `${fullYear(match[2] as string)}-${pad(month)}` : null;
  }
  return null;
};
