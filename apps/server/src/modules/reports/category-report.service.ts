import type { Db } from '../../db/client.ts';
import * as fx from './fx-variance.repository.ts';
import * as repo from './reports.repository.ts';

/** The plan's budget-categories report in cents (category rows, type subtotals, the total): what spending and the guest page show. */
export const selectBudgetCategoriesReport = (db: Db, tenantId: string, planId: string): Promise<repo.CategoryReportRow[]> =>
  repo.selectBudgetCategoriesReport(db, tenantId, planId);

/** The plan's base currency, foreign expenses and FX variance per category: what spending shows beside the report. */
export const selectPlanFx = (db: Db, tenantId: string, planId: string): Promise<fx.PlanFx> => fx.selectPlanFx(db, tenantId, planId);
