import { CurrencyCodeSchema, type CurrencyCode, type FxRate, type GetRatesResponse, MonthSchema, RateSchema } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import Papa from 'papaparse';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { staleRowError } from '../activities/index.ts';
import * as repo from './currencies.repository.ts';

type RateRead = GetRatesResponse['Rates'][number];

/** Largest rates file read (a year of 25 currencies is ~10 KB). */
export const RATES_FILE_MAX_BYTES = 1024 * 1024;
export const RATES_FILE_MAX_ROWS = 5000;

const monthName = (month: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

const toRateRead = (row: repo.RateRow): RateRead => ({
  Currency: row.currency,
  Month: row.month.slice(0, 7),
  Rate: Number(row.rate),
  Version: row.version,
  UpdatedAt: row.updatedAt.toISOString(),
});

/** The budget rate month of an unlocked plan: the first day of today's month in the tenant's zone (YYYY-MM-01). */
export const budgetRateMonthOf = (timeZone: string, now: Date): string => `${todayInZone(timeZone, now).slice(0, 7)}-01`;

/** Moves a plan's budget rate (DESIGN.md §17) and reconverts its foreign budgets when it changed, in `tx`. */
export const setBudgetRateMonth = (tx: Db, tenantId: string, planId: string, month: string): Promise<number> =>
  repo.setPlanBudgetRateMonth(tx, tenantId, planId, `${month.slice(0, 7)}-01`);

type RateInput = { currency: CurrencyCode; month: string; rate: number; version?: number | null | undefined; row?: number };
type Problem = { index: number; field: 'Currency' | 'Month' | 'Rate'; message: string };

/** Rates that change nothing in the base currency: the base itself (always 1). */
const baseProblems = (rates: RateInput[], base: CurrencyCode): Problem[] =>
  rates.flatMap((rate, index) =>
    rate.currency === base ? [{ index, field: 'Currency' as const, message: `${base} is the base currency: its rate is always 1.` }] : [],
  );

export const createCurrenciesService = (ctx: AppContext) => {
  /**
   * The core of SaveRates and ImportRates, inside the caller's transaction: checks, then writes the
   * rates that change and reconverts what they convert. Version-checked rows (SaveRates) throw the
   * stale-row 409 before anything is written; a rate whose month is closed in a plan with expenses
   * in that currency is a problem (SaveRates: 409; ImportRates: the row's error).
   */
  const writeRates = async (
    tx: Db,
    auth: AuthContext,
    rates: RateInput[],
    options: { checkVersions: boolean; dryRun: boolean },
  ): Promise<{ saved: number; reconverted: number; problems: Problem[] }> => {
    await repo.serializeRateWrites(tx, auth.tenantId);
    const base = await repo.findBaseCurrency(tx, auth.tenantId);
    if (!base) throw notFound('Your account');
    const problems = baseProblems(rates, base);
    const months = rates.map((rate) => ({ ...rate, month: `${rate.month}-01` }));
    const existing = await repo.lockRates(tx, auth.tenantId, months);
    const byKey = new Map(existing.map((row) => [`${row.currency} ${row.month}`, row]));
    const keyOf = (rate: { currency: string; month: string }) => `${rate.currency} ${rate.month}`;

    if (options.checkVersions) {
      // A rate that exists must carry the Version read; none read (null) means the person saw no rate.
      const stale = months.filter((rate) => {
        const row = byKey.get(keyOf(rate));
        return row !== undefined && (rate.version ?? 0) !== row.version;
      });
      const first = stale[0];
      const firstRow = first ? byKey.get(keyOf(first)) : undefined;
      if (first && firstRow) {
        throw await staleRowError(tx, auth, {
          entity: 'FxRate',
          id: `${first.currency} ${first.month.slice(0, 7)}`,
          what: `the ${first.currency} rate of ${monthName(first.month.slice(0, 7))}`,
          read: first.version ?? 0,
          current: firstRow.version,
          row: () => stale.flatMap((rate) => toRateRead(byKey.get(keyOf(rate)) as repo.RateRow)),
          writtenBy: async () => ({ userId: firstRow.updatedBy, at: firstRow.updatedAt }),
        });
      }
    }

    const changed = months.filter((rate) => {
      const row = byKey.get(keyOf(rate));
      return rate.currency !== base && (!row || Number(row.rate) !== rate.rate);
    });
    // A changed rate converts the expenses of its month: none of them may sit in a closed month.
    for (const rate of changed) {
      const closed = await repo.findClosedMonthWithExpenses(tx, auth.tenantId, rate.currency, rate.month);
      if (closed) {
        const name = monthName(rate.month.slice(0, 7));
        problems.push({
          index: months.indexOf(rate),
          field: 'Month',
          message: `${name} is closed in “${closed.planName}”, which has ${rate.currency} expenses in it: their amounts cannot change. An Admin can reopen the month on the Close page.`,
        });
      }
    }
    if (problems.length > 0 || options.dryRun || changed.length === 0) return { saved: 0, reconverted: 0, problems };

    await repo.upsertRates(
      tx,
      auth.tenantId,
      changed.map((rate) => ({ currency: rate.currency, month: rate.month, rate: String(rate.rate) })),
      auth.userId,
      ctx.clock.now(),
    );
    let reconverted = 0;
    const plans = new Set<string>();
    const earliest = new Map<CurrencyCode, string>();
    for (const rate of changed) {
      reconverted += await repo.reconvertExpenses(tx, auth.tenantId, rate.currency, rate.month);
      const known = earliest.get(rate.currency);
      if (!known || rate.month < known) earliest.set(rate.currency, rate.month);
    }
    for (const [currency, month] of earliest) {
      for (const planId of await repo.listPlansBudgetingIn(tx, auth.tenantId, currency, month)) plans.add(planId);
    }
    for (const planId of plans) reconverted += await repo.reconvertPlanBudgets(tx, auth.tenantId, planId);
    return { saved: changed.length, reconverted, problems };
  };

  return {
    getRates: async (
      auth: AuthContext,
      input: { Currency?: CurrencyCode | undefined; Year?: number | undefined },
    ): Promise<GetRatesResponse> => {
      const base = await repo.findBaseCurrency(ctx.db, auth.tenantId);
      if (!base) throw notFound('Your account');
      const [rows, used, months] = await Promise.all([
        repo.listRates(ctx.db, auth.tenantId, { currency: input.Currency, year: input.Year }),
        repo.listUsedCurrencies(ctx.db, auth.tenantId),
        repo.listExpenseMonths(ctx.db, auth.tenantId),
      ]);
      return {
        BaseCurrency: base,
        Rates: rows.map(toRateRead),
        Used: used
          .filter((currency) => currency !== base)
          .map((currency) => ({
            Currency: currency,
            Months: months.filter((row) => row.currency === currency).map((row) => row.month),
          })),
      };
    },

    saveRates: (auth: AuthContext, input: { Rates: FxRate[] }): Promise<{ Saved: number; Reconverted: number }> =>
      ctx.db.transaction(async (tx) => {
        const rates = input.Rates.map((rate) => ({ currency: rate.Currency, month: rate.Month, rate: rate.Rate, version: rate.Version }));
        const outcome = await writeRates(tx, auth, rates, { checkVersions: true, dryRun: false });
        const [problem] = outcome.problems;
        if (problem) {
          const field = `Rates.${problem.index}.${problem.field}`;
          if (problem.field === 'Month') throw conflict(problem.message);
          throw fieldError(field, problem.message);
        }
        return { Saved: outcome.saved, Reconverted: outcome.reconverted };
      }),

    importRates: (
      auth: AuthContext,
      input: { FileName: string; ContentBase64: string; DryRun: boolean },
    ): Promise<{ Rows: number; Saved: number; Errors: Array<{ Row: number; Message: string }> }> => {
      const { rows, errors } = readRatesFile(input.FileName, input.ContentBase64);
      if (rows.length === 0 && errors.length === 0) throw fieldError('ContentBase64', `“${input.FileName}” has no rates under its header.`);
      return ctx.db.transaction(async (tx) => {
        const outcome = await writeRates(tx, auth, rows, { checkVersions: false, dryRun: input.DryRun || errors.length > 0 });
        const all = [
          ...errors,
          ...outcome.problems.map((problem) => {
            const row = rows[problem.index]?.row ?? 0;
            return { Row: row, Message: `Row ${row}: ${problem.message}` };
          }),
        ].sort((a, b) => a.Row - b.Row);
        return { Rows: rows.length + errors.length, Saved: all.length > 0 ? 0 : outcome.saved, Errors: all };
      });
    },
  };
};

const HEADERS = ['currency', 'month', 'rate'] as const;

/** Text of the file: UTF-8 (with or without a BOM), else Windows-1252 as spreadsheets save it. */
const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** A Month cell: YYYY-MM, or a date in it (YYYY-MM-DD, as a spreadsheet may write the month's first day). */
const monthOf = (cell: string): string | null => {
  const match = /^(\d{4}-\d{2})(-\d{2})?$/.exec(cell);
  if (!match?.[1] || !MonthSchema.safeParse(match[1]).success) return null;
  return match[1];
};

/**
 * The rows of a rates CSV (Currency, Month, Rate in any column order, any case; comma, semicolon or
 * tab separated), each checked on its own; an error names the row as a spreadsheet numbers it
 * (the header is row 1).
 */
export const readRatesFile = (
  fileName: string,
  contentBase64: string,
): { rows: Array<RateInput & { row: number }>; errors: Array<{ Row: number; Message: string }> } => {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw fieldError('ContentBase64', 'The file is empty.');
  if (bytes.length > RATES_FILE_MAX_BYTES) throw fieldError('ContentBase64', `“${fileName}” is larger than 1 MB.`);
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw fieldError('ContentBase64', `“${fileName}” is not a text file. Import a .csv file.`);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const lines = parsed.data.map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => cell.trim()) }));
  const filled = lines.filter((line) => line.cells.some((cell) => cell !== ''));
  const header = filled[0];
  const columns = HEADERS.map((name) => header?.cells.findIndex((cell) => cell.toLowerCase() === name) ?? -1);
  if (!header || columns.some((column) => column < 0)) {
    throw badRequest(`“${fileName}” needs the columns Currency, Month and Rate in its first row.`, [
      { Field: 'ContentBase64', Message: 'The first row must name the columns Currency, Month and Rate.' },
    ]);
  }
  const data = filled.slice(1);
  if (data.length > RATES_FILE_MAX_ROWS) {
    throw fieldError('ContentBase64', `“${fileName}” has more than ${RATES_FILE_MAX_ROWS.toLocaleString('en-US')} rates.`);
  }
  const [currencyColumn, monthColumn, rateColumn] = columns as [number, number, number];
  const rows: Array<RateInput & { row: number }> = [];
  const errors: Array<{ Row: number; Message: string }> = [];
  const seen = new Map<string, number>();
  for (const line of data) {
    const fail = (message: string) => errors.push({ Row: line.row, Message: `Row ${line.row}: ${message}` });
    const code = (line.cells[currencyColumn] ?? '').toUpperCase();
    const currency = CurrencyCodeSchema.safeParse(code);
    if (!currency.success) {
      fail(code ? `${code} is not a currency Plansmith supports.` : 'Currency is required.');
      continue;
    }
    const monthCell = line.cells[monthColumn] ?? '';
    const month = monthOf(monthCell);
    if (!month) {
      fail(monthCell ? `Month must be in the form YYYY-MM (not “${monthCell}”).` : 'Month is required.');
      continue;
    }
    const rateCell = line.cells[rateColumn] ?? '';
    const rateNumber = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(rateCell) ? Number(rateCell) : Number.NaN;
    const rate = RateSchema.safeParse(rateNumber);
    if (!rateCell) {
      fail('Rate is required.');
      continue;
    }
    if (!rate.success) {
      fail(Number.isNaN(rateNumber) ? 'Rate must be a number.' : (rate.error.issues[0]?.message ?? 'Rate is not valid.'));
      continue;
    }
    const key = `${currency.data} ${month}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(`${currency.data} ${month} is given twice (also row ${earlier}).`);
      continue;
    }
    seen.set(key, line.row);
    rows.push({ currency: currency.data, month, rate: rate.data, row: line.row });
  }
  return { rows, errors };
};
