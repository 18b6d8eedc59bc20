import type { CurrencyCode, MarketingPlan } from '@plansmith/contract';
import type { TeamPermission } from '../access/index.ts';
import { type CentsSums, toMoneyTotals } from './plan-totals.ts';
import type { PlanRow } from './plans.repository.ts';

export const shareUrlFor = (publicUrl: string, shareKey: string | null): string | null =>
  shareKey ? `${publicUrl}/external/plansummary/${encodeURIComponent(shareKey)}` : null;

export const toMarketingPlan = (
  row: PlanRow,
  sums: CentsSums,
  permission: TeamPermission | null,
  publicUrl: string,
  lockedByName: string | null,
  baseCurrency: CurrencyCode,
): MarketingPlan => ({
  Id: row.id,
  Name: row.name,
  Description: row.description,
  Active: row.active,
  State: row.state,
  StartDate: row.startDate,
  EndDate: row.endDate,
  TeamId: row.teamId,
  Currency: row.currency ?? baseCurrency,
  ShareKey: row.shareKey,
  ShareUrl: shareUrlFor(publicUrl, row.shareKey),
  UpdatedAt: row.updatedAt.toISOString(),
  Version: row.version,
  BaselineLockedAt: row.baselineLockedAt?.toISOString() ?? null,
  // Who locked it is for the team, not for guests of a shared plan.
  BaselineLockedBy: row.baselineLockedAt && permission ? (lockedByName ?? 'Someone') : null,
  Totals: toMoneyTotals(sums),
  Permissions: { CanManagePlan: permission?.canManagePlans ?? false, CanEditBudget: permission?.canEditBudget ?? false },
});

/** The audited fields of a plan (the share key itself never enters the audit trail). */
export const planSnapshot = (row: PlanRow) => ({
  name: row.name,
  description: row.description,
  active: row.active,
  state: row.state,
  startDate: row.startDate,
  endDate: row.endDate,
  teamId: row.teamId,
  currency: row.currency,
  shared: row.shareKey !== null,
});
