import type { Db } from '../../db/client.ts';
import * as repo from './reports.repository.ts';

/** The plan's budget-categories report in cents (category rows, type subtotals, the total): what spending and the guest page show. */
export const selectBudgetCategoriesReport = (db: Db, tenantId: string, planId: string): Promise<repo.CategoryReportRow[]> =>
  repo.selectBudgetCategoriesReport(db, tenantId, planId);
