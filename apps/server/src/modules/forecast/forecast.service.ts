import {
  type Forecast,
  type ForecastSaveRequestSchema,
  type ForecastStaleCell,
  type Landing,
  monthsBetween,
  PLAN_STATE_ARCHIVED,
  toCents,
  toDollars,
} from '@plansmith/contract';
import { formatMinor, type MoneyFormat } from '@plansmith/contract/display-format';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type PlanRow, requireAccess, requirePlanAccess } from '../access/index.ts';
import { type ActivityEntry, recordActivities, staleRowError } from '../activities/index.ts';
import { sharedFormat } from '../notifications/index.ts';
import { lockForecastCells, selectCellWriter, selectForecastInputs, upsertForecastCells } from './forecast.repository.ts';
import { type CellCents, computePlanForecast, type ItemForecast, type PlanForecast, type TotalsCents } from './plan-forecast.ts';

type SaveInput = z.output<typeof ForecastSaveRequestSchema>;
type ForecastPlan = Pick<PlanRow, 'id' | 'startDate' | 'endDate' | 'baselineLockedAt'>;

// Forecasts are base-currency figures: messages and activity lines write them in the tenant's base, en-US.
const formatCents = (cents: number, format: MoneyFormat): string => formatMinor(cents, format);
const monthName = (month: string, style: 'short' | 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });

/** The plan's forecast in cents: the one code path ForecastClient, the dashboard, the plan page and the report share. */
export const loadPlanForecast = async (db: Db, tenantId: string, plan: ForecastPlan): Promise<PlanForecast> =>
  computePlanForecast(plan, await selectForecastInputs(db, tenantId, plan.id, plan.baselineLockedAt !== null));

/** Landing against Budget and Baseline, in dollars, from the plan's forecast totals. */
export const toLanding = (totals: TotalsCents): Landing => ({
  Budget: toDollars(totals.budget),
  Baseline: totals.baseline === null ? null : toDollars(totals.baseline),
  Forecast: toDollars(totals.forecast),
  Variance: toDollars(totals.budget - totals.forecast),
  BaselineVariance: totals.baseline === null ? null : toDollars(totals.baseline - totals.forecast),
});

/** The plan's Landing (the dashboard and the plan page). */
export const loadPlanLanding = async (db: Db, tenantId: string, plan: ForecastPlan): Promise<Landing> =>
  toLanding((await loadPlanForecast(db, tenantId, plan)).totals);

const toWireTotals = (totals: TotalsCents) => ({
  Baseline: totals.baseline === null ? null : toDollars(totals.baseline),
  Budget: toDollars(totals.budget),
  Planned: toDollars(totals.planned),
  Committed: toDollars(totals.committed),
  Actual: toDollars(totals.actual),
  Forecast: toDollars(totals.forecast),
  Variance: toDollars(totals.budget - totals.forecast),
});

const toWireCell = (cell: CellCents) => ({
  Month: cell.month,
  Baseline: cell.baseline === null ? null : toDollars(cell.baseline),
  Budget: toDollars(cell.budget),
  Planned: toDollars(cell.planned),
  Committed: toDollars(cell.committed),
  Actual: toDollars(cell.actual),
  Floor: toDollars(cell.floor),
  Forecast: toDollars(cell.forecast),
  Entered: cell.entered === null ? null : toDollars(cell.entered),
  Version: cell.version,
  Closed: cell.closed,
});

const toWireForecast = (planId: string, forecast: PlanForecast): Forecast => ({
  MarketingPlanId: planId,
  Months: forecast.months,
  BaselineLocked: forecast.baselineLocked,
  Items: forecast.items.map((item) => ({
    BudgetItemId: item.id,
    Name: item.name,
    BudgetCategoryId: item.categoryId,
    Active: item.active,
    Cells: item.cells.map(toWireCell),
    Totals: toWireTotals(item.totals),
  })),
  Totals: toWireTotals(forecast.totals),
});

const cellKey = (itemId: string, month: string) => `${itemId}|${month}`;

export const createForecastService = (ctx: AppContext) => ({
  get: async (auth: AuthContext, planId: string): Promise<Forecast> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
    return toWireForecast(plan.id, await loadPlanForecast(ctx.db, auth.tenantId, plan));
  },

  /**
   * Saves a block of forecast cells, all or nothing (DESIGN.md §13, §14): 404 and role first, then
   * every cell's version (a stale one is 409 with the cells as they are now), then the plan's months,
   * closed months (409 naming the month) and the floor (400 naming the cell), then one upsert.
   */
  save: (auth: AuthContext, input: SaveInput): Promise<Forecast> =>
    ctx.db.transaction(async (tx) => {
      const access = await requirePlanAccess(tx, auth, input.MarketingPlanId, 'The marketing plan');
      requireAccess(access, 'budgetItem.edit');
      const { plan } = access;
      if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its forecast.`);
      const itemIds = [...new Set(input.Cells.map((cell) => cell.BudgetItemId))];
      // Locked first: a concurrent save of these cells waits, then sees these versions.
      const locked = new Map((await lockForecastCells(tx, auth.tenantId, itemIds)).map((cell) => [cellKey(cell.itemId, cell.month), cell]));
      const before = await loadPlanForecast(tx, auth.tenantId, plan);
      const items = new Map(before.items.map((item) => [item.id, item]));
      // An item of another plan, or another tenant's, is as unknown as a missing one.
      if (itemIds.some((id) => !items.has(id))) throw notFound('The budget item');

      const stale = input.Cells.filter(
        (cell) => (cell.Version ?? null) !== (locked.get(cellKey(cell.BudgetItemId, cell.Month))?.version ?? null),
      );
      if (stale.length > 0) throw await staleCellsError(tx, auth, stale, items);

      const seen = new Set<string>();
      const planMonths = new Set(monthsBetween(plan.startDate, plan.endDate));
      input.Cells.forEach((cell, index) => {
        const name = (items.get(cell.BudgetItemId) as ItemForecast).name;
        const key = cellKey(cell.BudgetItemId, cell.Month);
        if (seen.has(key))
          throw badRequest(`${name}, ${monthName(cell.Month, 'short')} appears more than once.`, [
            { Field: `Cells[${index}]`, Message: 'Send each cell once.' },
          ]);
        seen.add(key);
        if (!planMonths.has(cell.Month))
          throw badRequest(`${cell.Month} is outside the plan’s dates (${plan.startDate} to ${plan.endDate}).`, [
            { Field: `Cells[${index}].Month`, Message: 'Forecast only the plan’s months.' },
          ]);
      });
      const money = await sharedFormat(tx, auth.tenantId);
      const closed = input.Cells.map((cell) => cell.Month)
        .filter((month) => before.closedMonths.has(month))
        .sort()[0];
      if (closed)
        throw conflict(
          `${monthName(closed, 'long')} is closed: its forecast is its Actual and cannot be changed. An Admin can reopen it on the Close page.`,
        );
      const changes = input.Cells.map((cell, index) => {
        const item = items.get(cell.BudgetItemId) as ItemForecast;
        const now = item.cells.find((entry) => entry.month === cell.Month) as CellCents;
        const cents = cell.Forecast === null ? null : toCents(cell.Forecast);
        if (cents !== null && cents < now.floor) {
          const message = `${item.name}, ${monthName(cell.Month, 'short')}: the forecast ${formatCents(cents, money)} is below Actual + Committed of the month (${formatCents(now.floor, money)}). Forecast at least ${formatCents(now.floor, money)}.`;
          throw badRequest(message, [{ Field: `Cells[${index}].Forecast`, Message: message }]);
        }
        return { item, cell: now, cents };
      });
      await upsertForecastCells(
        tx,
        auth.tenantId,
        changes.map((change) => ({ itemId: change.item.id, month: change.cell.month, cents: change.cents })),
      );
      await recordActivities(tx, forecastActivities(auth, plan.id, changes, ctx.clock.now(), money));
      return toWireForecast(plan.id, await loadPlanForecast(tx, auth.tenantId, plan));
    }),
});

/** One activity per item whose entered forecasts changed: "Forecast of Google Ads: Mar 2026 $2,000.00 → $2,500.00". */
const forecastActivities = (
  auth: AuthContext,
  planId: string,
  changes: ReadonlyArray<{ item: ItemForecast; cell: CellCents; cents: number | null }>,
  at: Date,
  money: MoneyFormat,
): ActivityEntry[] => {
  const byItem = new Map<string, { item: ItemForecast; parts: string[]; diff: Record<string, { from: unknown; to: unknown }> }>();
  for (const { item, cell, cents } of changes) {
    if (cell.entered === cents) continue;
    const entry = byItem.get(item.id) ?? { item, parts: [], diff: {} };
    const show = (value: number | null) => (value === null ? 'Budget' : formatCents(value, money));
    entry.parts.push(`${monthName(cell.month, 'short')} ${show(cell.entered)} → ${show(cents)}`);
    entry.diff[`forecast ${cell.month}`] = {
      from: cell.entered === null ? null : toDollars(cell.entered),
      to: cents === null ? null : toDollars(cents),
    };
    byItem.set(item.id, entry);
  }
  return [...byItem.values()].map(({ item, parts, diff }) => ({
    tenantId: auth.tenantId,
    actorId: auth.userId,
    entityType: 'BudgetItem',
    entityId: item.id,
    marketingPlanId: planId,
    action: 'update',
    name: item.name,
    description: `Forecast of ${item.name}: ${parts.join(', ')}`,
    changes: diff,
    at,
  }));
};

/** The 409 of a stale block: names the first stale cell and who saved it; Result = the stale cells as they are now. */
const staleCellsError = async (tx: Db, auth: AuthContext, stale: SaveInput['Cells'], items: ReadonlyMap<string, ItemForecast>) => {
  const current: ForecastStaleCell[] = stale.flatMap((cell) => {
    const item = items.get(cell.BudgetItemId) as ItemForecast;
    const now = item.cells.find((entry) => entry.month === cell.Month);
    return now ? [{ BudgetItemId: item.id, Name: item.name, ...toWireCell(now) }] : [];
  });
  const [first] = stale as [SaveInput['Cells'][number]];
  const item = items.get(first.BudgetItemId) as ItemForecast;
  const others = stale.length - 1;
  const writer = await selectCellWriter(tx, auth.tenantId, first.BudgetItemId, first.Month);
  const version = item.cells.find((entry) => entry.month === first.Month)?.version ?? null;
  return staleRowError(tx, auth, {
    entity: 'BudgetItemForecast',
    id: `${first.BudgetItemId}/${first.Month}`,
    what: `the forecast of ${item.name}, ${monthName(first.Month, 'short')}${others > 0 ? ` and ${others} other ${others === 1 ? 'cell' : 'cells'} of the block` : ''}`,
    read: -1,
    // 0: the cell has no saved forecast now (send Version null for it).
    current: version ?? 0,
    row: () => current,
    changedBy: { ...writer, at: null },
  });
};
