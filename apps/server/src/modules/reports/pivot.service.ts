import {
  EXPENSE_CATEGORY_TYPE_LABELS,
  type ExpenseCategoryType,
  ITEM_TYPE_NAMES,
  type ItemType,
  MAX_PIVOT_ROWS,
  PIVOT_DIMENSION_LABELS,
  PIVOT_KEY_ESCAPE,
  PIVOT_NONE_KEY,
  PIVOT_NOT_BY_KEY,
  type PivotFixedDimension,
  type PivotRequest,
  type PivotResult,
  pivotFieldIdOf,
} from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { tenants } from '../../schema/tenants.ts';
import { type PlanRow, requirePlanAccess } from '../access/index.ts';
import { loadPlanForecast } from '../forecast/index.ts';
import {
  addMonths,
  aggregate,
  type DimensionValue,
  type Fact,
  type FactFilter,
  type Money,
  notByValue,
  periodOf,
  toLine,
  zeroMoney,
} from './pivot-engine.ts';
import {
  type PivotExpenseRow,
  type PivotField,
  type PivotItemRow,
  selectPivotExpenses,
  selectPivotFields,
  selectPivotFx,
  selectPivotItems,
  selectPlanTeams,
} from './pivot.repository.ts';

const FIELD_SELECT = 4;
const FIELD_MULTI_SELECT = 5;
const FIELD_EXPENSE = 2;
const FIELD_CAMPAIGN = 3;

const LAST = '\uffff';
const none = (label: string): DimensionValue => ({ Key: PIVOT_NONE_KEY, Label: `(No ${label})`, order: [LAST] });
/** A value's key: itself, unless it starts like the keys of the rows that are not a value (then escaped once more). */
const valueKey = (raw: string): string => (raw.startsWith(PIVOT_KEY_ESCAPE) ? `${PIVOT_KEY_ESCAPE}${raw}` : raw);
const named = (key: string, label: string): DimensionValue => ({
  Key: valueKey(key),
  Label: label,
  order: [label.toLocaleLowerCase('en-US'), key],
});

/** What a dimension is: where its value comes from and how it reads. */
type Dimension = { name: string; label: string; expenseLevel: boolean; field: PivotField | null };

/** A custom field's stored value (JSON text, null when absent) as a row key. */
const fieldValue = (field: PivotField, json: string | null | undefined): DimensionValue & { options?: string[] } => {
  const label = field.name;
  if (json === null || json === undefined) return none(label);
  const value: unknown = JSON.parse(json);
  if (Array.isArray(value)) {
    if (value.length === 0) return none(label);
    const options = value.map(String);
    const positions = options.map((option) => field.options.indexOf(option));
    return { Key: JSON.stringify(options), Label: options.join(', '), order: [...positions, LAST], options };
  }
  if (typeof value === 'number') return { Key: String(value), Label: String(value), order: [value] };
  const text = String(value);
  if (text === '') return none(label);
  if (field.type === FIELD_SELECT) {
    const position = field.options.indexOf(text);
    return { Key: valueKey(text), Label: text, order: [position === -1 ? field.options.length : position, text] };
  }
  return named(text, text);
};

const personName = (first: string | null, last: string | null): string => `${first ?? ''} ${last ?? ''}`.trim() || 'Unnamed person';

export const createPivotService = (ctx: AppContext) => ({
  pivot: async (auth: AuthContext, input: PivotRequest): Promise<PivotResult> => {
    // A field dimension by its one spelling (the id in lower case), wherever the request names it.
    const canonical = (name: string) => {
      const fieldId = pivotFieldIdOf(name);
      return fieldId === null ? name : `Field:${fieldId}`;
    };
    const request: PivotRequest = {
      ...input,
      Rows: input.Rows.map(canonical),
      Filters: input.Filters.map((filter) => ({ ...filter, Dimension: canonical(filter.Dimension) })),
    };
    if (request.Rows.length === 2 && request.Rows[0] === request.Rows[1]) throw badRequest('The two row dimensions must differ.');
    const planIds = [...new Set(request.MarketingPlanIds.map((id) => id.toLowerCase()))];
    const plans: PlanRow[] = [];
    for (const id of planIds) plans.push((await requirePlanAccess(ctx.db, auth, id)).plan);

    // The dimensions the report names, its rows' and its filters'.
    const names = [...new Set([...request.Rows, ...request.Filters.map((filter) => filter.Dimension)])];
    const fieldIds = [...new Set(names.map(pivotFieldIdOf).filter((id): id is string => id !== null))];
    const fields = new Map((await selectPivotFields(ctx.db, auth.tenantId, fieldIds)).map((field) => [field.id, field]));
    const dimensions = new Map<string, Dimension>();
    for (const name of names) {
      const fieldId = pivotFieldIdOf(name);
      if (fieldId === null) {
        dimensions.set(name, {
          name,
          label: PIVOT_DIMENSION_LABELS[name as PivotFixedDimension],
          expenseLevel: name === 'Payee',
          field: null,
        });
        continue;
      }
      const field = fields.get(fieldId);
      if (!field) throw notFound('The custom field');
      dimensions.set(name, { name, label: field.name, expenseLevel: field.entity === FIELD_EXPENSE, field });
    }
    const itemFields = [...dimensions.values()].filter((d) => d.field?.entity === 1).map((d) => d.field?.id as string);
    const campaignFields = [...dimensions.values()].filter((d) => d.field?.entity === FIELD_CAMPAIGN).map((d) => d.field?.id as string);
    const expenseFields = [...dimensions.values()].filter((d) => d.field?.entity === FIELD_EXPENSE).map((d) => d.field?.id as string);
    const byExpense = [...dimensions.values()].some((d) => d.expenseLevel);
    // Does any dimension read the budget item (its category, type, plan, campaign, field…)?
    const byItem = [...dimensions.values()].some((d) => !d.expenseLevel);

    const period = periodOf(request.From, request.To, request.Columns, request.Compare);
    const allMonths = [...period.months, ...period.compareOf.keys()].sort();

    const [items, teams] = await Promise.all([
      selectPivotItems(ctx.db, auth.tenantId, planIds, {
        campaign: names.includes('Campaign') || names.includes('Owner'),
        itemFields,
        campaignFields,
      }),
      selectPlanTeams(ctx.db, auth.tenantId, [...new Set(plans.map((plan) => plan.teamId))]),
    ]);
    const forecasts = [];
    for (const plan of plans) forecasts.push(await loadPlanForecast(ctx.db, auth.tenantId, plan));
    const range = { start: `${allMonths[0]}-01`, end: `${addMonths(allMonths[allMonths.length - 1] as string, 1)}-01` };
    const wantsFx = request.Measures.includes('FxVariance');
    const expenses = byExpense
      ? await selectPivotExpenses(ctx.db, auth.tenantId, planIds, range, {
          payee: names.includes('Payee'),
          fields: expenseFields,
          fx: wantsFx,
          byItem,
        })
      : [];
    // Without an expense-level dimension the FX variance is its own facts, per item and month.
    const fxFacts = wantsFx && !byExpense ? await selectPivotFx(ctx.db, auth.tenantId, planIds, range) : [];
    const [base] = await ctx.db.select({ code: tenants.baseCurrency }).from(tenants).where(eq(tenants.id, auth.tenantId));

    // Every item's values of the item-level dimensions.
    const planById = new Map(plans.map((plan) => [plan.id, plan]));
    const teamName = new Map(teams.map((team) => [team.id, team.name]));
    const itemValue = (dimension: Dimension, item: PivotItemRow): DimensionValue => {
      if (dimension.field) {
        const index =
          dimension.field.entity === FIELD_CAMPAIGN
            ? itemFields.length + campaignFields.indexOf(dimension.field.id)
            : itemFields.indexOf(dimension.field.id);
        return fieldValue(dimension.field, item[`f_${index}`]);
      }
      switch (dimension.name as PivotFixedDimension) {
        case 'Category':
          return {
            Key: item.category_id,
            Label: item.category_name,
            order: [
              Number(item.category_type),
              Number(item.category_sort),
              item.category_name.toLocaleLowerCase('en-US'),
              item.category_id,
            ],
          };
        case 'CategoryType': {
          const type = Number(item.category_type) as ExpenseCategoryType;
          return { Key: String(type), Label: EXPENSE_CATEGORY_TYPE_LABELS[type], order: [type] };
        }
        case 'ItemType': {
          const type = Number(item.item_type) as ItemType;
          return { Key: String(type), Label: ITEM_TYPE_NAMES[type], order: [type] };
        }
        case 'GLCode':
          return item.gl_id ? named(item.gl_id, item.gl_name ?? '') : none('GL code');
        case 'Campaign':
          return item.campaign_id ? named(item.campaign_id, item.campaign_name ?? '') : none('campaign');
        case 'Owner':
          return item.owner_id ? named(item.owner_id, personName(item.owner_first, item.owner_last)) : none('owner');
        case 'Team': {
          const teamId = planById.get(item.plan_id)?.teamId ?? '';
          return named(teamId, teamName.get(teamId) ?? '');
        }
        case 'Plan':
          return named(item.plan_id, planById.get(item.plan_id)?.name ?? '');
        default:
          return none(dimension.label);
      }
    };
    const itemKeys = new Map<string, Map<string, DimensionValue>>();
    for (const item of items) {
      const keys = new Map<string, DimensionValue>();
      for (const dimension of dimensions.values()) {
        // Budget-side money under an expense-level dimension: "(Not by payee)", "(Not by Region)".
        keys.set(dimension.name, dimension.expenseLevel ? notByValue(dimension.field?.name ?? 'payee') : itemValue(dimension, item));
      }
      itemKeys.set(item.id, keys);
    }

    const facts: Fact[] = [];
    const wanted = new Set(allMonths);
    for (const forecast of forecasts) {
      for (const item of forecast.items) {
        const keys = itemKeys.get(item.id);
        if (!keys) continue;
        for (const cell of item.cells) {
          if (!wanted.has(cell.month)) continue;
          const money: Money = {
            baseline: cell.baseline ?? 0,
            budget: cell.budget,
            forecast: cell.forecast,
            planned: byExpense ? 0 : cell.planned,
            committed: byExpense ? 0 : cell.committed,
            actual: byExpense ? 0 : cell.actual,
            fx: 0,
          };
          facts.push({ month: cell.month, money, keys });
        }
      }
    }
    for (const row of fxFacts) {
      const keys = itemKeys.get(row.item_id);
      if (!keys) continue;
      facts.push({ month: row.month, money: { ...zeroMoney(), fx: row.fx }, keys });
    }
    const payeeDimension = dimensions.get('Payee');
    // One value per distinct payee or field value, however many expense groups carry it.
    const seen = new Map<string, DimensionValue>();
    const once = (cacheKey: string, make: () => DimensionValue) => {
      let value = seen.get(cacheKey);
      if (!value) {
        value = make();
        seen.set(cacheKey, value);
      }
      return value;
    };
    // One map of expense-level values per distinct combination: the engine decides a row once per map.
    const owns = new Map<string, Map<string, DimensionValue>>();
    const ownOf = (row: PivotExpenseRow): Map<string, DimensionValue> => {
      const combination = JSON.stringify([
        payeeDimension ? row.payee : null,
        ...expenseFields.map((_, index) => row[`f_${index}`] ?? null),
      ]);
      let own = owns.get(combination);
      if (own) return own;
      own = new Map<string, DimensionValue>();
      if (payeeDimension) {
        const payee = row.payee;
        own.set('Payee', payee ? once(`p${payee}`, () => named(payee, payee)) : none('payee'));
      }
      expenseFields.forEach((fieldId, index) => {
        const field = fields.get(fieldId) as PivotField;
        const json = row[`f_${index}`];
        own?.set(
          `Field:${fieldId}`,
          json === null || json === undefined ? none(field.name) : once(`${fieldId}${json}`, () => fieldValue(field, json)),
        );
      });
      owns.set(combination, own);
      return own;
    };
    // Groups not split by item (no dimension reads it) carry the keys every item has alike.
    const unsplitKeys = itemKeys.values().next().value;
    for (const row of expenses) {
      const keys = row.item_id === null ? unsplitKeys : itemKeys.get(row.item_id);
      if (!keys) continue;
      const money: Money = {
        ...zeroMoney(),
        planned: row.planned,
        committed: row.committed,
        actual: row.actual,
        fx: row.fx,
      };
      facts.push({ month: row.month, money, keys, own: ownOf(row) });
    }
    const filters: FactFilter[] = request.Filters.map((filter) => {
      const values = new Set(filter.Values);
      const field = dimensions.get(filter.Dimension)?.field ?? null;
      const byOption = field !== null && (field.type === FIELD_SELECT || field.type === FIELD_MULTI_SELECT);
      return {
        dimension: filter.Dimension,
        keeps: (value) => {
          if (value.Key === PIVOT_NONE_KEY || value.Key === PIVOT_NOT_BY_KEY || !byOption) return values.has(value.Key);
          const options = (value as DimensionValue & { options?: string[] }).options ?? [value.Key];
          return options.some((option) => values.has(option));
        },
      };
    });

    const outcome = aggregate(facts, request.Rows, filters, period, request.Measures);
    if (outcome.rows.length > MAX_PIVOT_ROWS) {
      throw badRequest(
        `The report has ${outcome.rows.length} rows, more than ${MAX_PIVOT_ROWS}: add a filter or choose other row dimensions.`,
      );
    }
    const locked = plans.some((plan) => plan.baselineLockedAt !== null);
    const compare = request.Compare !== 'None';
    const key = (value: DimensionValue) => ({ Key: value.Key, Label: value.Label });
    return {
      Dimensions: request.Rows.map((name) => ({ Dimension: name, Label: dimensions.get(name)?.label ?? name })),
      Measures: request.Measures,
      Columns: period.columns.map(({ months: _months, ...column }) => column),
      From: period.from,
      To: period.to,
      Compare: request.Compare,
      CompareFrom: period.compareFrom,
      CompareTo: period.compareTo,
      Rows: outcome.rows.map((row) => ({ Keys: row.keys.map(key), ...toLine(row.sums, request.Measures, locked, compare) })),
      Subtotals: outcome.subtotals.map((subtotal) => ({
        Key: key(subtotal.key),
        ...toLine(subtotal.sums, request.Measures, locked, compare),
      })),
      GrandTotal: toLine(outcome.total, request.Measures, locked, compare),
      BaseCurrency: base?.code ?? 'USD',
    };
  },
});
