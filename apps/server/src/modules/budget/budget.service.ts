import {
  type BudgetItem,
  type BudgetItemSaveRequestSchema,
  type CustomFieldFilter,
  isNewId,
  LOOKUP_TYPE_GL_CODE,
  monthsBetween,
  PLAN_STATE_ARCHIVED,
  SEARCH_LIMIT,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { newId } from '../../lib/ids.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { fromMinorUnits, toMinorUnits } from '@plansmith/contract';
import type { AuthContext } from '../../plugins/auth.ts';
import { diffFields, recordActivity } from '../activities/index.ts';
import { budgetChangesOf, keepBudgetChanges } from '../baseline/index.ts';
import { holdBudgetChange, WAITING_FOR_APPROVAL_MESSAGE } from '../approvals/index.ts';
import { resolveFieldFilters, validateCustomFields } from '../custom-fields/index.ts';
import { trackOverspend } from '../notifications/index.ts';
import { findPlanAccess, listVisibleTeamIds, type PlanAccess, requireAccess, requirePlanAccess } from '../access/index.ts';
import { checkKeptMonths, checkMonths, toBudgetItem, toWireMonths } from './budget-rules.ts';
import { checkAmountsFit, findBaseCurrency, ownAmountOf, ownCellsOf, toBaseBudget, withMonths } from './item-currency.ts';
import { staleCellOf, staleCellsError, staleItemError } from './budget-versions.ts';
import { phaseAroundClosedMonths, refuseDeleteInClosedMonth } from './closed-months.ts';
import * as repo from './budget.repository.ts';

type SaveInput = z.output<typeof BudgetItemSaveRequestSchema>;

/** LIKE pattern for a user's text: its own % and _ match literally. */

const requireEditable = ({ plan, permission }: PlanAccess) => {
  requireAccess(permission, 'budgetItem.edit');
  if (plan.state === PLAN_STATE_ARCHIVED) throw conflict(`“${plan.name}” is archived. Restore the plan to change its budget.`);
};

/** `months` in the item's own currency (DESIGN.md §17); the amount audited is its own, with its currency. */
const snapshot = (row: repo.ItemTableRow, months: repo.MonthCents[]) => ({
  name: row.name,
  description: row.description,
  active: row.active,
  currency: row.currency,
  amount: row.currency ? fromMinorUnits(ownAmountOf(row), row.currency) : toDollars(row.amountCents),
  itemType: row.itemType,
  budgetCategoryId: row.budgetCategoryId,
  objectiveId: row.objectiveId,
  generalLedgerCodeId: row.generalLedgerCodeId,
  campaignId: row.campaignId,
  months: ((currency) =>
    currency
      ? months.map((cell) => ({ Month: cell.month.slice(0, 7), Amount: fromMinorUnits(cell.amountCents, currency) }))
      : toWireMonths(months))(row.currency),
});

export const createBudgetService = (ctx: AppContext) => {
  const readItem = async (db: Db, tenantId: string, itemId: string): Promise<BudgetItem> => {
    const [row] = await repo.listItems(db, tenantId, { kind: 'item', itemId });
    if (!row) throw notFound('The budget item');
    return withMonths(row, await repo.listMonths(db, tenantId, itemId));
  };

  /** 409 with the item as it is now unless `read` is its version (DESIGN.md §13); the item is locked. */
  const checkItemVersion = async (db: Db, auth: AuthContext, item: repo.ItemTableRow, read: number): Promise<void> => {
    if (read !== item.version) throw await staleItemError(db, auth, item, () => readItem(db, auth.tenantId, item.id));
  };

  /**
   * 409 with the item as it is now unless its month cells are exactly the ones read (`Cells`, [] or
   * missing for an item read without phasing), each at the version read. The item row is locked, and
   * every writer of its months locks it first, so the cells cannot change until this save commits.
   */
  const checkCellVersions = async (db: Db, auth: AuthContext, item: repo.ItemTableRow, stored: repo.MonthRow[], input: SaveInput) => {
    const stale = staleCellOf(item, stored, input.Cells ?? [], input.Version ?? 0);
    if (stale) throw await staleCellsError(db, auth, [stale], new Map([[item.id, item.name]]), () => readItem(db, auth.tenantId, item.id));
  };

  /** The references in a Save must be the tenant's: category, GL code (lookup type 1), objective of the same plan. */
  const checkReferences = async (db: Db, tenantId: string, input: SaveInput) => {
    if (!(await repo.findCategoryRef(db, tenantId, input.BudgetCategoryId))) {
      throw fieldError('BudgetCategoryId', 'Choose one of your budget categories.');
    }
    if (input.GeneralLedgerCodeId) {
      const lookup = await repo.findLookupRef(db, tenantId, input.GeneralLedgerCodeId);
      if (lookup?.lookupType !== LOOKUP_TYPE_GL_CODE) throw fieldError('GeneralLedgerCodeId', 'Choose one of your general ledger codes.');
    }
    if (input.ObjectiveId) {
      const objective = await repo.findObjectiveRef(db, tenantId, input.ObjectiveId);
      if (objective?.marketingPlanId !== input.MarketingPlanId) throw fieldError('ObjectiveId', 'Choose an objective of the same plan.');
    }
    if (input.CampaignId && (await repo.findCampaignPlan(db, tenantId, input.CampaignId)) !== input.MarketingPlanId) {
      throw fieldError('CampaignId', 'Choose a campaign of the same plan.');
    }
  };

  const audit = (
    db: Db,
    auth: AuthContext,
    row: repo.ItemTableRow,
    action: 'create' | 'update' | 'delete',
    changes?: ReturnType<typeof diffFields>,
  ) =>
    recordActivity(db, {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      entityType: 'BudgetItem',
      entityId: row.id,
      marketingPlanId: row.marketingPlanId,
      action,
      name: row.name,
      changes: changes ?? null,
      at: ctx.clock.now(),
    });

  return {
    listForPlan: async (auth: AuthContext, planId: string, filters?: readonly CustomFieldFilter[]): Promise<BudgetItem[]> => {
      await requirePlanAccess(ctx.db, auth, planId, 'The marketing plan');
      const fields = await resolveFieldFilters(ctx.db, auth.tenantId, 'BudgetItem', filters);
      return (await repo.listItems(ctx.db, auth.tenantId, { kind: 'plan', planId, fields })).map(toBudgetItem);
    },

    listForObjective: async (auth: AuthContext, objectiveId: string, filters?: readonly CustomFieldFilter[]): Promise<BudgetItem[]> => {
      const objective = await repo.findObjectiveRef(ctx.db, auth.tenantId, objectiveId);
      if (!objective) throw notFound('The objective');
      await requirePlanAccess(ctx.db, auth, objective.marketingPlanId, 'The objective');
      const fields = await resolveFieldFilters(ctx.db, auth.tenantId, 'BudgetItem', filters);
      return (await repo.listItems(ctx.db, auth.tenantId, { kind: 'objective', objectiveId, fields })).map(toBudgetItem);
    },

    search: async (auth: AuthContext, query: string) => {
      const teamIds = await listVisibleTeamIds(ctx.db, auth);
      if (teamIds.length === 0) return [];
      const rows = await repo.listItems(ctx.db, auth.tenantId, {
        kind: 'search',
        teamIds,
        pattern: likePattern(query),
        limit: SEARCH_LIMIT,
      });
      return rows.map((row) => ({ ...toBudgetItem(row), MarketingPlanName: row.plan_name }));
    },

    get: async (auth: AuthContext, itemId: string): Promise<BudgetItem> => {
      const item = await repo.findItem(ctx.db, auth.tenantId, itemId);
      if (!item) throw notFound('The budget item');
      await requirePlanAccess(ctx.db, auth, item.marketingPlanId, 'The budget item');
      return readItem(ctx.db, auth.tenantId, itemId);
    },

    save: (auth: AuthContext, input: SaveInput): Promise<BudgetItem> =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        // Locked: the version checked below stays the item's until this transaction ends.
        const existing = isNewId(input.Id) ? null : await repo.lockItem(tx, auth.tenantId, input.Id as string);
        if (!isNewId(input.Id) && !existing) throw notFound('The budget item');
        // Access to the item's own plan first: an item of a hidden plan answers 404 whatever the body says.
        const access = await findPlanAccess(tx, auth, existing?.marketingPlanId ?? input.MarketingPlanId);
        if (!access) throw existing ? notFound('The budget item') : notFound('The marketing plan');
        if (existing && existing.marketingPlanId !== input.MarketingPlanId) {
          throw fieldError('MarketingPlanId', 'A budget item cannot move to another plan.');
        }
        requireEditable(access);
        // The contract requires a Version on update (requireVersionOnUpdate).
        if (existing) await checkItemVersion(tx, auth, existing, input.Version ?? 0);
        // Months replace the whole phasing: every cell must still be as read (Cells), since a colleague's
        // month edit (keeping the year total) changes cells without changing the item (DESIGN.md §13).
        const currentMonths = existing ? await repo.listMonths(tx, auth.tenantId, existing.id) : [];
        if (existing && input.Months !== undefined) await checkCellVersions(tx, auth, existing, currentMonths, input);
        await checkReferences(tx, auth.tenantId, input);
        // DESIGN.md §17: the item's own currency (the base is stored as null); Amount and Months are in it.
        const baseCurrency = await findBaseCurrency(tx, auth.tenantId);
        const currency = input.Currency ?? (existing ? (existing.currency ?? baseCurrency) : (access.plan.currency ?? baseCurrency));
        const foreign = currency === baseCurrency ? null : currency;
        checkAmountsFit(currency, input, 'Amount', foreign === null);
        const currencyChanged = existing !== null && foreign !== existing.currency;
        if (currencyChanged && input.Months === undefined && currentMonths.length > 0) {
          throw fieldError(
            'Months',
            `“${existing.name}” is phased by month: send its months in ${currency} with the new Currency, or clear them.`,
          );
        }
        // In the item's own minor units from here on (its base cents when in the base).
        const amountCents = toMinorUnits(input.Amount, currency);
        const ownMonths = currencyChanged ? [] : ownCellsOf(existing?.currency ?? null, currentMonths);
        // DESIGN.md §16: the body's CustomFields over the stored ones; 400 naming a field that is wrong.
        const customFields = await validateCustomFields(
          tx,
          auth.tenantId,
          'BudgetItem',
          input.CustomFields,
          existing ? existing.customFields : null,
        );
        const values: repo.ItemValues = {
          marketingPlanId: input.MarketingPlanId,
          budgetCategoryId: input.BudgetCategoryId,
          objectiveId: input.ObjectiveId ?? null,
          generalLedgerCodeId: input.GeneralLedgerCodeId ?? null,
          // Missing keeps the item's campaign (a form or client that does not know campaigns never drops it).
          campaignId: input.CampaignId === undefined ? (existing?.campaignId ?? null) : input.CampaignId,
          name: input.Name,
          description: input.Description ?? null,
          // New items are always active (SPEC.md §5).
          active: existing ? (input.Active ?? existing.active) : true,
          // A foreign item's base amount is computed by trigger from its own (amountMinor).
          amountCents: foreign ? 0 : amountCents,
          currency: foreign,
          amountMinor: foreign ? amountCents : null,
          itemType: input.ItemType,
          customFields,
        };
        const askedMonths = input.Months === undefined ? null : checkMonths(input.Months ?? [], access.plan, currency);
        if (existing && !askedMonths) checkKeptMonths(ownMonths, amountCents, currency);
        // With closed months, an item left unphased gets its Amount spread over the open months only (DESIGN.md §14).
        const newMonths = await phaseAroundClosedMonths(tx, auth.tenantId, access.plan, {
          name: input.Name,
          amountCents,
          amountBefore: existing && !currencyChanged ? ownAmountOf(existing) : null,
          current: ownMonths,
          next: askedMonths,
        });
        // Budget changes and approvals compare base money (DESIGN.md §17): the figures the triggers will store.
        const after = await toBaseBudget(tx, auth.tenantId, foreign, access.plan.budgetRateMonth, amountCents, newMonths ?? ownMonths);
        // After the baseline lock a change of the item's budget says why and is kept (DESIGN.md §14).
        const id = existing?.id ?? newId();
        const budgetChanges = budgetChangesOf(
          monthsBetween(access.plan.startDate, access.plan.endDate),
          existing ? { id, name: existing.name, amountCents: existing.amountCents, months: currentMonths } : null,
          { id, name: input.Name, amountCents: after.amountCents, months: after.months },
        );
        // … and one at or above the team's threshold, by someone who does not decide, waits for approval (DESIGN.md §15): nothing is written.
        if (existing) {
          const held = await holdBudgetChange(ctx, tx, auth, {
            plan: { id: access.plan.id, name: access.plan.name, teamId: access.plan.teamId },
            permission: access.permission,
            item: existing,
            cells: currentMonths,
            amountAfter: after.amountCents,
            monthsAfter: newMonths ? after.months : null,
            rows: budgetChanges,
            reason: input.Reason,
            availableCents: async () => toCents((await readItem(tx, auth.tenantId, existing.id)).Available),
          });
          if (held) {
            const unchanged = await readItem(tx, auth.tenantId, existing.id);
            return { ...unchanged, WaitingForApproval: { RequestId: held.requestId, Message: WAITING_FOR_APPROVAL_MESSAGE } };
          }
        }
        await keepBudgetChanges(tx, {
          tenantId: auth.tenantId,
          planId: input.MarketingPlanId,
          userId: auth.userId,
          reason: input.Reason,
          changes: budgetChanges,
          at: now,
        });
        if (!existing) {
          const row = await repo.insertItem(tx, auth.tenantId, id, values, now);
          if (newMonths) await repo.replaceMonths(tx, auth.tenantId, row.id, newMonths, foreign !== null);
          await audit(tx, auth, row, 'create');
          return readItem(tx, auth.tenantId, row.id);
        }
        // A new currency first (the months' trigger converts by the item's currency), then its months in it.
        if (newMonths && !currencyChanged) await repo.replaceMonths(tx, auth.tenantId, existing.id, newMonths, foreign !== null);
        const updated = await repo.updateItem(tx, auth.tenantId, existing.id, values, now);
        if (!updated) throw notFound('The budget item');
        if (newMonths && currencyChanged) await repo.replaceMonths(tx, auth.tenantId, existing.id, newMonths, foreign !== null);
        const row = (await repo.findItem(tx, auth.tenantId, existing.id)) ?? updated;
        const changes = diffFields(snapshot(existing, ownCellsOf(existing.currency, currentMonths)), snapshot(row, newMonths ?? ownMonths));
        if (Object.keys(changes).length > 0) await audit(tx, auth, row, 'update', changes);
        // A new amount may put the item back under (the next crossing alerts again) or over (recorded, not mailed).
        if (row.amountCents !== existing.amountCents) await trackOverspend(ctx, tx, { tenantId: auth.tenantId, budgetItemIds: [row.id] });
        return readItem(tx, auth.tenantId, row.id);
      }),

    delete: (auth: AuthContext, itemId: string, version: number, reason?: string): Promise<boolean> =>
      ctx.db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, auth.tenantId, itemId);
        if (!item) throw notFound('The budget item');
        const access = await requirePlanAccess(tx, auth, item.marketingPlanId, 'The budget item');
        requireEditable(access);
        await checkItemVersion(tx, auth, item, version);
        const expenseCount = await repo.countItemExpenses(tx, auth.tenantId, itemId);
        if (expenseCount > 0) {
          throw conflict(
            `“${item.name}” cannot be deleted: ${expenseCount} expense${expenseCount === 1 ? ' is' : 's are'} recorded against it. Move or delete ${expenseCount === 1 ? 'it' : 'them'} first.`,
          );
        }
        // Its budget in a closed month would leave with it: the trigger lets a cascade through, so ask first.
        await refuseDeleteInClosedMonth(tx, auth.tenantId, access.plan, item);
        // Deleting an item with budget after the baseline lock is a budget change too (DESIGN.md §14).
        await keepBudgetChanges(tx, {
          tenantId: auth.tenantId,
          planId: item.marketingPlanId,
          userId: auth.userId,
          reason,
          changes: budgetChangesOf(
            monthsBetween(access.plan.startDate, access.plan.endDate),
            { ...item, months: await repo.listMonths(tx, auth.tenantId, itemId) },
            null,
          ),
          at: ctx.clock.now(),
        });
        await repo.deleteItem(tx, auth.tenantId, itemId);
        await audit(tx, auth, item, 'delete');
        return true;
      }),
  };
};
