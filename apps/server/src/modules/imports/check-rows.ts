import { type CustomField, type FieldError, parseCustomFieldText, phasingSumError, toDollars } from '@plansmith/contract';
import {
  customFieldImportKey,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  type ImportRow,
  isMonthField,
} from '@plansmith/contract/imports';
import { type CurrencyCode, convertMinorUnits, DEFAULT_CURRENCY, isCurrencyCode } from '@plansmith/contract/currency-codes';
import { formatMinorIn } from '@plansmith/contract/display-format';
import type { StoredCustomFields } from '../../schema/custom-fields.ts';
import { checkCustomFieldValues } from '../custom-fields/index.ts';
import { futureActualProblem } from '../expenses/index.ts';
import { type DateOrder, nameKey, type Parsed, parseDate, parseMoney, unescapeFormula } from './cell-values.ts';
import type { SheetRow } from './read-sheet.ts';

/** What the plan and tenant hold that a row may name, and the duplicate keys of the rows already there. */
/**
 * Currencies (DESIGN.md §17): the tenant's base, the plan's Currency (NULL: the base), the plan's
 * budget rate month, and the tenant's rates (code → YYYY-MM → rate to the base).
 */
export type CurrencyRefs = {
  base: CurrencyCode;
  plan: CurrencyCode | null;
  budgetRateMonth: string;
  rates: Record<string, Record<string, number>>;
};

export type References = {
  plan: { startDate: string; endDate: string };
  /** An item's `currency` is its own when not the base (NULL: the base), the default of its expenses' Currency. */
  items: { id: string; name: string; categoryType: 1 | 2 | 3; currency?: string | null }[];
  categories: { id: string; name: string; categoryType: 1 | 2 | 3 }[];
  glCodes: { id: string; name: string }[];
  /** The plan's campaigns (DESIGN.md §16), which a budget item row may name. */
  campaigns?: { id: string; name: string }[];
  /** The imported entity's custom fields (DESIGN.md §16): a column mapped to one fills its value. */
  customFields?: CustomField[];
  existingKeys: Set<string>;
  /** How 03/04/2026 reads (given, or guessed from the file). */
  dateOrder: DateOrder;
  /** The tenant's today: an Actual expense after it is refused, as the expense form refuses it. */
  today: string;
  /** Missing: every row in USD, the base (as before currencies). */
  currency?: CurrencyRefs;
};

export type ExpenseDraft = {
  row: number;
  name: string;
  payee: string | null;
  description: string | null;
  purchaseOrder: string | null;
  purchaseDate: string;
  /** In the base currency: for a foreign row its amount converted at the purchase month's rate, as the trigger converts it. */
  amountCents: number;
  /** A row in another currency than the base: its code and own amount in its minor units (else both null). */
  currency: CurrencyCode | null;
  amountMinor: number | null;
  status: 1 | 2 | 3;
  budgetItemId: string;
  categoryType: 1 | 2 | 3;
  generalLedgerCodeId: string | null;
  customFields: StoredCustomFields;
};

export type ItemDraft = {
  row: number;
  name: string;
  description: string | null;
  budgetCategoryId: string;
  itemType: 1 | 2;
  /** In the base currency (a foreign item's: its months' converted sum when phased, else its amount converted at the budget rate). */
  amountCents: number;
  currency: CurrencyCode | null;
  amountMinor: number | null;
  generalLedgerCodeId: string | null;
  campaignId: string | null;
  customFields: StoredCustomFields;
  months: { month: string; amountCents: number; amountMinor: number | null }[];
};

export type CheckedRow<D> = { preview: ImportRow; draft: D | null };

/** Duplicate keys (DESIGN.md §10): an expense's purchase order when it has one, else date + payee + amount + item. */
export const expenseKey = (e: {
  purchaseOrder: string | null;
  purchaseDate: string;
  payee: string | null;
  amountCents: number;
  budgetItemId: string | null;
}) =>
  e.purchaseOrder
    ? `po:${nameKey(e.purchaseOrder)}`
    : `row:${e.purchaseDate}|${nameKey(e.payee ?? '')}|${e.amountCents}|${e.budgetItemId ?? ''}`;
/** A budget item's duplicate key: its name within its category. */
export const itemKey = (i: { name: string; budgetCategoryId: string }) => `${nameKey(i.name)}|${i.budgetCategoryId}`;

// A row of totals (what the report export and many hand-made sheets end with) is never data.
const SUMMARY_ROW = /^((.+\s)?sub-?total|(grand\s)?total)s?:?$/i;

const byName = <T extends { name: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(nameKey(row.name), [...(map.get(nameKey(row.name)) ?? []), row]);
  return map;
};

/** Reads one sheet row's mapped cells and collects its errors. */
class RowReader {
  readonly errors: FieldError[] = [];
  readonly values: Record<string, string | null> = {};
  constructor(
    readonly row: SheetRow,
    columnIndex: Map<string, number>,
    mapping: ImportMapping,
  ) {
    for (const [field, column] of Object.entries(mapping)) {
      const index = column ? columnIndex.get(column) : undefined;
      const cell = index === undefined ? '' : unescapeFormula(row.cells[index] ?? '').trim();
      this.values[field] = cell === '' ? null : cell;
    }
  }
  text(field: string): string | null {
    return this.values[field] ?? null;
  }
  fail(field: string, message: string): null {
    this.errors.push({ Field: field, Message: message });
    return null;
  }
  limited(field: string, label: string, max: number, value: string | null = this.text(field)): string | null {
    if (value && value.length > max) return this.fail(field, `${label} can be at most ${max} characters.`);
    return value;
  }
  parsed<T>(field: string, result: Parsed<T>): T | null {
    return 'error' in result ? this.fail(field, result.error) : result.value;
  }
  required(field: string, label: string, mapping: ImportMapping): string | null {
    const value = this.text(field);
    if (value) return value;
    return this.fail(field, mapping[field] ? `${label} is empty.` : `No column is mapped to ${label}.`);
  }
}

const parseStatus = (text: string): Parsed<1 | 2 | 3> => {
  const key = nameKey(text);
  if (key === '1' || key === 'planned') return { value: 1 };
  if (key === '2' || key === 'committed') return { value: 2 };
  if (key === '3' || key === 'actual' || key === 'paid') return { value: 3 };
  return { error: `Status “${text}” must be Planned, Committed or Actual.` };
};

const parseItemType = (text: string): Parsed<1 | 2> => {
  const key = nameKey(text);
  if (key === '1' || key === 'productive') return { value: 1 };
  if (key === '2' || key === 'operational') return { value: 2 };
  return { error: `Item type “${text}” must be Productive or Operational.` };
};

const findOne = <T extends { name: string }>(
  reader: RowReader,
  field: string,
  index: Map<string, T[]>,
  name: string,
  what: [string, string],
  where: string,
): T | null => {
  const matches = index.get(nameKey(name)) ?? [];
  if (matches.length === 1) return matches[0] as T;
  return reader.fail(
    field,
    matches.length === 0
      ? `No ${what[0]} named “${name}”${where}.`
      : `${matches.length} ${what[1]} are named “${name}”; rename one to import against it.`,
  );
};

/**
 * A row's custom field values (DESIGN.md §16): each mapped cell read as its field's type
 * (parseCustomFieldText), then all checked as validateCustomFields checks a Save (checkCustomFieldValues,
 * Required fields included, mapped or not). A bad value is the row's error at `Field:<FieldId>`, naming the field.
 */
const readCustomFields = (r: RowReader, fields: readonly CustomField[]): StoredCustomFields | null => {
  const incoming: Record<string, unknown> = {};
  let failed = false;
  for (const field of fields) {
    const key = customFieldImportKey(field.Id);
    const text = r.text(key);
    if (text === null) continue;
    const parsed = parseCustomFieldText(field, text);
    if (parsed.ok) incoming[field.Id] = parsed.value;
    else {
      r.fail(key, parsed.message);
      failed = true;
    }
  }
  if (failed) return null;
  const checked = checkCustomFieldValues(fields, incoming, null);
  if (checked.ok) return checked.values;
  for (const error of checked.errors) r.fail(customFieldImportKey(error.Field.replace(/^CustomFields\./, '')), error.Message);
  return null;
};

type Checker<D> = (reader: RowReader) => { draft: D | null; key: string | null };

const NO_CURRENCIES: CurrencyRefs = { base: DEFAULT_CURRENCY, plan: null, budgetRateMonth: '0000-01', rates: {} };

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The same words as the database's missing-rate error (migration 1070), for the preview's row. */
export const missingRateMessage = (currency: CurrencyCode, month: string): string =>
  `There is no ${currency} rate for ${monthName(month)}: an Admin enters it under Account › Currencies.`;

/** The row's Currency: the cell's ISO 4217 code (any case), else `fallback`; null (with the row's error) for an unknown code. */
const readCurrency = (r: RowReader, fallback: CurrencyCode): CurrencyCode | null => {
  const text = r.text('Currency');
  if (!text) return fallback;
  const code = text.trim().toUpperCase();
  if (isCurrencyCode(code)) return code;
  return r.fail('Currency', `Currency “${text}” is not a currency code Plansmith supports (ISO 4217, such as EUR or GBP).`);
};

const asCurrency = (code: string | null | undefined, fallback: CurrencyCode): CurrencyCode =>
  code && isCurrencyCode(code) ? code : fallback;

/** The rate of exactly `month` (actuals). */
const rateAt = (cur: CurrencyRefs, currency: CurrencyCode, month: string): number | undefined => cur.rates[currency]?.[month];

/** The budget rate: the latest rate on or before the plan's budget rate month (as plansmith_to_base_budget). */
const budgetRate = (cur: CurrencyRefs, currency: CurrencyCode): number | undefined => {
  const months = Object.keys(cur.rates[currency] ?? {})
    .filter((month) => month <= cur.budgetRateMonth)
    .sort();
  const latest = months[months.length - 1];
  return latest ? cur.rates[currency]?.[latest] : undefined;
};

// A row error every reader of the preview shares: en-US, through the contract's one formatter.
const formatOwn = (minor: number, currency: CurrencyCode) => formatMinorIn('en-US', minor, currency);

const expenseChecker = (refs: References, mapping: ImportMapping): Checker<ExpenseDraft> => {
  const items = byName(refs.items);
  const glCodes = byName(refs.glCodes);
  const cur = refs.currency ?? NO_CURRENCIES;
  return (r) => {
    // Blank Currency: the budget item's (its errors come with the BudgetItem cell below).
    const named = items.get(nameKey(r.text('BudgetItem') ?? ''));
    const currency = readCurrency(r, asCurrency(named?.length === 1 ? named[0]?.currency : null, cur.base));
    const foreign = currency !== null && currency !== cur.base;
    const amountText = r.required('Amount', 'Amount', mapping);
    const amountMinor = amountText && currency ? r.parsed('Amount', parseMoney(amountText, foreign ? currency : undefined)) : null;
    const dateText = r.required('PurchaseDate', 'Purchase date', mapping);
    let purchaseDate = dateText ? r.parsed('PurchaseDate', parseDate(dateText, refs.dateOrder)) : null;
    if (purchaseDate && (purchaseDate < refs.plan.startDate || purchaseDate > refs.plan.endDate)) {
      purchaseDate = r.fail('PurchaseDate', `${purchaseDate} is outside the plan (${refs.plan.startDate} to ${refs.plan.endDate}).`);
    }
    const itemName = r.required('BudgetItem', 'Budget item', mapping);
    const item = itemName ? findOne(r, 'BudgetItem', items, itemName, ['budget item', 'budget items'], ' in this plan') : null;
    const glName = r.text('GeneralLedgerCode');
    const gl = glName ? findOne(r, 'GeneralLedgerCode', glCodes, glName, ['GL code', 'GL codes'], '') : null;
    const statusText = r.text('Status');
    const status = statusText ? r.parsed('Status', parseStatus(statusText)) : 3;
    const future = status && purchaseDate ? futureActualProblem({ status, purchaseDate }, refs.today) : null;
    if (future) purchaseDate = r.fail('PurchaseDate', future);
    const payee = r.limited('Payee', 'Payee', 200);
    const description = r.limited('Description', 'Description', 4000);
    const purchaseOrder = r.limited('PurchaseOrder', 'Purchase order', 100);
    const nameText = r.text('Name') ?? r.text('Description') ?? payee;
    const name = nameText
      ? r.limited('Name', 'Name', 200, nameText)
      : r.fail('Name', 'Name is empty, and so are the description and payee.');
    const customFields = readCustomFields(r, refs.customFields ?? []);
    // A foreign amount converts at its purchase month's rate: none is the row's error, naming currency and month.
    let amountCents = foreign ? null : amountMinor;
    if (foreign && currency && amountMinor !== null && purchaseDate) {
      const rate = rateAt(cur, currency, purchaseDate.slice(0, 7));
      if (rate === undefined) r.fail('Currency', missingRateMessage(currency, purchaseDate.slice(0, 7)));
      else amountCents = convertMinorUnits(amountMinor, currency, rate, cur.base);
    }
    if (r.errors.length > 0 || !item || amountCents === null || !purchaseDate || !status || !name || !customFields)
      return { draft: null, key: null };
    const draft: ExpenseDraft = {
      row: r.row.row,
      name,
      payee,
      description,
      purchaseOrder,
      purchaseDate,
      amountCents,
      currency: foreign ? currency : null,
      amountMinor: foreign ? amountMinor : null,
      status,
      budgetItemId: item.id,
      categoryType: item.categoryType,
      generalLedgerCodeId: gl?.id ?? null,
      customFields,
    };
    return { draft, key: expenseKey(draft) };
  };
};

const itemChecker = (refs: References, mapping: ImportMapping): Checker<ItemDraft> => {
  const categories = byName(refs.categories);
  const glCodes = byName(refs.glCodes);
  const campaigns = byName(refs.campaigns ?? []);
  const monthFields = Object.keys(mapping).filter((field) => isMonthField(field) && mapping[field]);
  const cur = refs.currency ?? NO_CURRENCIES;
  return (r) => {
    // Blank Currency: the plan's. The amount and the months are in it.
    const currency = readCurrency(r, cur.plan ?? cur.base);
    const foreign = currency !== null && currency !== cur.base;
    const own = foreign ? (currency ?? undefined) : undefined;
    const categoryName = r.required('Category', 'Budget category', mapping);
    const category = categoryName ? findOne(r, 'Category', categories, categoryName, ['budget category', 'budget categories'], '') : null;
    const name = r.limited('Name', 'Name', 200, r.text('Name') ?? category?.name ?? null);
    const typeText = r.text('ItemType');
    const itemType = typeText ? r.parsed('ItemType', parseItemType(typeText)) : category?.categoryType === 2 ? 2 : 1;
    const glName = r.text('GeneralLedgerCode');
    const gl = glName ? findOne(r, 'GeneralLedgerCode', glCodes, glName, ['GL code', 'GL codes'], '') : null;
    const description = r.limited('Description', 'Description', 4000);
    const campaignName = r.text('Campaign');
    const campaign = campaignName ? findOne(r, 'Campaign', campaigns, campaignName, ['campaign', 'campaigns'], ' in this plan') : null;
    // A blank month is not part of the phasing (as the export writes it); a 0 is.
    const months = monthFields.flatMap((field) => {
      const text = r.text(field);
      return text ? [{ month: `${field.slice(6)}-01`, amountCents: r.parsed(field, parseMoney(text, own)) ?? 0 }] : [];
    });
    const amountText = r.text('Amount');
    let amountCents = amountText
      ? r.parsed('Amount', parseMoney(amountText, own))
      : months.reduce((sum, month) => sum + month.amountCents, 0);
    if (!amountText && months.length === 0)
      amountCents = r.fail(
        'Amount',
        mapping.Amount ? 'Amount is empty and no month has an amount.' : 'No column is mapped to Amount or to a month.',
      );
    if (own && amountCents !== null && months.length > 0 && r.errors.length === 0) {
      // In the item's own minor units: the months must add up to its amount exactly.
      const total = months.reduce((sum, month) => sum + month.amountCents, 0);
      if (total !== amountCents)
        r.fail(
          'Amount',
          `The months add up to ${formatOwn(total, own)}, but the amount is ${formatOwn(amountCents, own)}. They must be equal.`,
        );
    } else if (amountCents !== null && months.length > 0 && r.errors.length === 0) {
      const message = phasingSumError(
        months.map((month) => ({ Amount: toDollars(month.amountCents) })),
        toDollars(amountCents),
      );
      if (message) r.fail('Amount', message);
    }
    const customFields = readCustomFields(r, refs.customFields ?? []);
    // A foreign budget converts at the plan's budget rate (the latest on or before its budget rate month), as the triggers do.
    const rate = own ? budgetRate(cur, own) : undefined;
    if (own && rate === undefined) r.fail('Currency', missingRateMessage(own, cur.budgetRateMonth));
    if (r.errors.length > 0 || !category || !name || amountCents === null || !itemType || !customFields || currency === null)
      return { draft: null, key: null };
    const toBase = (minor: number) => (own && rate !== undefined ? convertMinorUnits(minor, own, rate, cur.base) : minor);
    const baseMonths = months.map((month) => ({
      month: month.month,
      amountCents: toBase(month.amountCents),
      amountMinor: own ? month.amountCents : null,
    }));
    const draft: ItemDraft = {
      row: r.row.row,
      name,
      description,
      budgetCategoryId: category.id,
      itemType,
      // Phased: the sum of the months' base amounts (the trigger's rule), so the item and its months agree to the cent.
      amountCents: own && baseMonths.length > 0 ? baseMonths.reduce((sum, month) => sum + month.amountCents, 0) : toBase(amountCents),
      currency: own ?? null,
      amountMinor: own ? amountCents : null,
      generalLedgerCodeId: gl?.id ?? null,
      campaignId: campaign?.id ?? null,
      customFields,
      months: baseMonths,
    };
    return { draft, key: itemKey(draft) };
  };
};

const DUPLICATE_OF_EXISTING: Record<ImportKind, string> = {
  Expenses: 'The plan already has this expense (same purchase order, or same date, payee, amount and budget item).',
  BudgetItems: 'The plan already has an item of this name in this category.',
};

/**
 * Every data row checked: its errors, whether it duplicates an existing row or an earlier row of
 * the file, and what would be written. Total rows are ignored, never imported.
 */
export const checkRows = <K extends ImportKind>(
  kind: K,
  dataRows: readonly SheetRow[],
  columns: readonly string[],
  mapping: ImportMapping,
  refs: References,
): { rows: CheckedRow<K extends 'Expenses' ? ExpenseDraft : ItemDraft>[]; counts: ImportCounts } => {
  type Draft = K extends 'Expenses' ? ExpenseDraft : ItemDraft;
  const check = (kind === 'Expenses' ? expenseChecker(refs, mapping) : itemChecker(refs, mapping)) as Checker<Draft>;
  const columnIndex = new Map(columns.map((column, index) => [column, index]));
  const firstRowOfKey = new Map<string, number>();
  const counts: ImportCounts = { Rows: dataRows.length, Valid: 0, Invalid: 0, Duplicates: 0, Ignored: 0 };
  const rows = dataRows.map((sheetRow): CheckedRow<Draft> => {
    const reader = new RowReader(sheetRow, columnIndex, mapping);
    const preview: ImportRow = {
      Row: sheetRow.row,
      Values: reader.values,
      Errors: reader.errors,
      Duplicate: false,
      Ignored: false,
      Note: null,
    };
    const firstText = sheetRow.cells.find((cell) => cell !== '') ?? '';
    if (SUMMARY_ROW.test(firstText)) {
      counts.Ignored += 1;
      return { preview: { ...preview, Ignored: true, Note: 'A total row: not imported.' }, draft: null };
    }
    const { draft, key } = check(reader);
    if (!draft || !key) {
      counts.Invalid += 1;
      return { preview, draft: null };
    }
    counts.Valid += 1;
    const earlier = firstRowOfKey.get(key);
    if (refs.existingKeys.has(key) || earlier !== undefined) {
      counts.Duplicates += 1;
      const note = refs.existingKeys.has(key) ? DUPLICATE_OF_EXISTING[kind] : `Same as row ${earlier} of this file.`;
      return { preview: { ...preview, Duplicate: true, Note: note }, draft };
    }
    firstRowOfKey.set(key, sheetRow.row);
    return { preview, draft };
  });
  return { rows, counts };
};
