// The SQL month shift against its JS twin (issue 28 A7): copying a plan moves objectives' dates in
// SQL (shiftDateSql) and the plan's dates in JS (shiftDate); both must keep the month-end rule.
// Compared on PGlite over every month end of 2023–2029 and over random dates with fast-check.
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, shiftDateSql } from './plan-dates.ts';

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
});
afterAll(async () => client.close());

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Every date shifted by `months` in SQL, in one statement. */
const shiftInSql = async (dates: readonly string[], months: number): Promise<Map<string, string>> => {
  const day: SQL = sql`d`;
  const result = await db.execute<{ d: string; shifted: string }>(
    sql`SELECT d::text AS d, ${shiftDateSql(day, months)}::text AS shifted FROM unnest(string_to_array(${dates.join(',')}, ',')::date[]) AS d`,
  );
  return new Map(result.rows.map((row) => [row.d, row.shifted]));
};

const MONTH_ENDS: string[] = [];
for (let year = 2023; year <= 2029; year += 1) {
  for (let month = 1; month <= 12; month += 1) MONTH_ENDS.push(iso(year, month, lastDay(year, month)));
}
// The days that clamp: 28, 29, 30 and 31 of every month that has them, and the day before a month end.
const CLAMPED: string[] = [];
for (let year = 2023; year <= 2029; year += 1) {
  for (let month = 1; month <= 12; month += 1) {
    for (let day = 28; day < lastDay(year, month); day += 1) CLAMPED.push(iso(year, month, day));
  }
}

describe('shiftDateSql matches shiftDate', () => {
  it('keeps every month end of 2023–2029 a month end, shifted by −24 to +24 months', async () => {
    for (let months = -24; months <= 24; months += 1) {
      const inSql = await shiftInSql(MONTH_ENDS, months);
      for (const date of MONTH_ENDS) {
        const shifted = shiftDate(date, months);
        expect(inSql.get(date), `${date} ${months >= 0 ? '+' : ''}${months}`).toBe(shifted);
        const [year, month] = [Number(shifted.slice(0, 4)), Number(shifted.slice(5, 7))];
        expect(Number(shifted.slice(8, 10)), `${date} + ${months} is a month end`).toBe(lastDay(year, month));
      }
    }
  });

  it('clamps the 28th–30th into a shorter month and keeps them in a longer one, like the JS twin', async () => {
    for (let months = -13; months <= 13; months += 1) {
      const inSql = await shiftInSql(CLAMPED, months);
      for (const date of CLAMPED) expect(inSql.get(date), `${date} + ${months}`).toBe(shiftDate(date, months));
    }
  });

  it('agrees on the named cases: into a shorter month, a longer one, and a leap February', async () => {
    const cases: [string, number, string][] = [
      ['2026-01-31', 1, '2026-02-28'],
      ['2026-02-28', 1, '2026-03-31'],
      ['2027-02-28', 12, '2028-02-29'],
      ['2028-02-29', 12, '2029-02-28'],
      ['2028-02-28', 12, '2029-02-28'],
      ['2026-03-30', -1, '2026-02-28'],
      ['2026-04-30', 1, '2026-05-31'],
      ['2026-05-30', 1, '2026-06-30'],
      ['2026-01-15', -13, '2024-12-15'],
    ];
    for (const [date, months, expected] of cases) {
      expect(shiftDate(date, months), `${date} + ${months}`).toBe(expected);
      expect((await shiftInSql([date], months)).get(date), `SQL ${date} + ${months}`).toBe(expected);
    }
  });

  it('agrees on any date of 2000–2100 moved by up to ten years either way', async () => {
    const anyDate = fc
      .record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
      .map(({ year, month, day }) => iso(year, month, Math.min(day, lastDay(year, month))));
    await fc.assert(
      fc.asyncProperty(anyDate, fc.integer({ min: -120, max: 120 }), async (date, months) => {
        expect((await shiftInSql([date], months)).get(date)).toBe(shiftDate(date, months));
      }),
      { numRuns: 300 },
    );
  });
});
