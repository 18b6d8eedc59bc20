/**
 * The calendar's time axis (DESIGN.md §16): calendar days (YYYY-MM-DD, no time zone) placed on a
 * horizontal scale by zoom, and the date arithmetic drag and the arrow keys use. Days are counted
 * in UTC so a daylight-saving change never makes a day 23 or 25 hours long.
 */

export type Zoom = 'Week' | 'Month' | 'Quarter';
export const ZOOMS: readonly Zoom[] = ['Week', 'Month', 'Quarter'];

/** Pixels per day at each zoom: a week ≈ 98 px, a month ≈ 91 px, a quarter ≈ 137 px. */
export const DAY_WIDTH: Readonly<Record<Zoom, number>> = { Week: 14, Month: 3, Quarter: 1.5 };

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** The YYYY-MM-DD date of a day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

/** Days from `start` to `end`, both included (a one-day campaign is 1). */
export const daysInRange = (start: string, end: string): number => dayNumber(end) - dayNumber(start) + 1;

const lastDayOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month's last day for a YYYY-MM key. */
export const monthEnd = (month: string): string =>
  `${month}-${String(lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;

/**
 * `date` moved by whole months. A month end stays a month end (Jan 31 → Feb 28 → Mar 31, so a
 * campaign that fills its months keeps filling them); any other day is kept, or cut to the shorter
 * month's last day (Jan 30 + 1 month → Feb 28).
 */
export const addMonths = (date: string, months: number): string => {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  const last = lastDayOfMonth(nextYear, nextMonth);
  const nextDay = day === lastDayOfMonth(year, month) ? last : Math.min(day, last);
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(nextDay).padStart(2, '0')}`;
};

/** `date` moved by `steps` of the zoom's unit: a week, a month or a quarter. */
export const addUnits = (date: string, zoom: Zoom, steps: number): string =>
  zoom === 'Week' ? addDays(date, 7 * steps) : addMonths(date, (zoom === 'Quarter' ? 3 : 1) * steps);

export type DateRange = { start: string; end: string };

/**
 * A bar moved (both ends) by `steps` units. At a month or quarter zoom the length follows the
 * calendar: Mar 1–Mar 31 moved a month is Apr 1–Apr 30, not Apr 1–May 1.
 */
export const moveRange = (range: DateRange, zoom: Zoom, steps: number): DateRange => ({
  start: addUnits(range.start, zoom, steps),
  end: addUnits(range.end, zoom, steps),
});

/** A bar's end moved by `steps` units; never before its start (it stops at a one-day bar). */
export const stretchRange = (range: DateRange, zoom: Zoom, steps: number): DateRange => {
  const end = addUnits(range.end, zoom, steps);
  return { start: range.start, end: end < range.start ? range.start : end };
};

/** A drag of `days` whole days: the whole bar, or one of its edges (never past the other). */
export const dragRange = (range: DateRange, edge: 'move' | 'start' | 'end', days: number): DateRange => {
  if (edge === 'move') return { start: addDays(range.start, days), end: addDays(range.end, days) };
  if (edge === 'start') {
    const start = addDays(range.start, days);
    return { start: start > range.end ? range.end : start, end: range.end };
  }
  const end = addDays(range.end, days);
  return { start: range.start, end: end < range.start ? range.start : end };
};

/** The horizontal scale of one timeline: where a day is, and how wide a range is, in pixels. */
export type Scale = { origin: string; dayWidth: number; width: number; x: (date: string) => number; widthOf: (range: DateRange) => number };

export const createScale = (axis: DateRange, zoom: Zoom): Scale => {
  const dayWidth = DAY_WIDTH[zoom];
  const origin = dayNumber(axis.start);
  return {
    origin: axis.start,
    dayWidth,
    width: daysInRange(axis.start, axis.end) * dayWidth,
    x: (date) => (dayNumber(date) - origin) * dayWidth,
    widthOf: (range) => Math.max(daysInRange(range.start, range.end), 1) * dayWidth,
  };
};

/** Whole days a pointer moved `dx` pixels covers at `dayWidth`. */
export const daysOfPixels = (dx: number, dayWidth: number): number => Math.round(dx / dayWidth);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type Tick = { date: string; label: string };

/**
 * The axis's column starts inside `axis`: Mondays ("Mar 2"), first days of months ("Mar 2026") or
 * of quarters ("Q2 2026"). The first column starts at the axis's start even mid-unit.
 */
export const ticksOf = (axis: DateRange, zoom: Zoom): Tick[] => {
  const label = (date: string) => {
    const month = Number(date.slice(5, 7));
    if (zoom === 'Week') return `${MONTH_NAMES[month - 1]} ${Number(date.slice(8, 10))}`;
    if (zoom === 'Month') return `${MONTH_NAMES[month - 1]} ${date.slice(0, 4)}`;
    return `Q${Math.ceil(month / 3)} ${date.slice(0, 4)}`;
  };
  const unitStart = (date: string): string => {
    if (zoom === 'Week') {
      // 1970-01-01 was a Thursday: day 4 is a Monday.
      const day = dayNumber(date);
      return dateOfDay(day - ((((day - 4) % 7) + 7) % 7));
    }
    const month = Number(date.slice(5, 7));
    const first = zoom === 'Quarter' ? month - ((month - 1) % 3) : month;
    return `${date.slice(0, 4)}-${String(first).padStart(2, '0')}-01`;
  };
  const ticks: Tick[] = [{ date: axis.start, label: label(axis.start) }];
  // A guard against malformed ranges: 20 years of weeks.
  for (let next = addUnits(unitStart(axis.start), zoom, 1), guard = 0; next <= axis.end && guard < 1100; guard += 1) {
    ticks.push({ date: next, label: label(next) });
    next = addUnits(next, zoom, 1);
  }
  return ticks;
};

/** "March 2026" for a YYYY-MM key. */
export const monthTitle = (month: string): string =>
  `${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Whether two ranges share at least one day. */
export const overlaps = (a: DateRange, b: DateRange): boolean => a.start <= b.end && b.start <= a.end;
