import { baselineRoutes, budgetRoutes } from '@plansmith/contract';
import { budgetMonthRoutes } from '@plansmith/contract/budget-months';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createMonthEditService } from './budget-month-edit.service.ts';
import { createBudgetMonthsService } from './budget-months.service.ts';
import { createReallocateService } from './budget-reallocate.service.ts';
import { createBudgetService } from './budget.service.ts';

export const registerBudgetRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createBudgetService(ctx);
  addRoute(app, ctx, budgetRoutes.getBudgetItems, ({ auth, body }) =>
    body.MarketingPlanId
      ? service.listForPlan(auth, body.MarketingPlanId, body.Fields)
      : service.listForObjective(auth, body.ObjectiveId as string, body.Fields),
  );
  addRoute(app, ctx, budgetRoutes.searchBudgetItems, ({ auth, body }) => service.search(auth, body.Query));
  addRoute(app, ctx, budgetRoutes.getBudgetItem, ({ auth, body }) => service.get(auth, body.BudgetItemId));
  addRoute(app, ctx, budgetRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, budgetRoutes.delete, ({ auth, body }) => service.delete(auth, body.BudgetItemId, body.Version, body.Reason));
  const months = createBudgetMonthsService(ctx);
  addRoute(app, ctx, budgetMonthRoutes.getPlanMonths, ({ auth, body }) => months.planMonths(auth, body.MarketingPlanId));
  addRoute(app, ctx, budgetMonthRoutes.saveMonths, ({ auth, body }) => months.saveMonths(auth, body));
  const monthEdit = createMonthEditService(ctx);
  addRoute(app, ctx, budgetMonthRoutes.setMonth, ({ auth, body }) => monthEdit.setMonth(auth, body));
  const reallocation = createReallocateService(ctx);
  addRoute(app, ctx, baselineRoutes.reallocate, ({ auth, body }) => reallocation.reallocate(auth, body));
  addRoute(app, ctx, baselineRoutes.getMonthLeft, ({ auth, body }) => reallocation.getMonthLeft(auth, body.BudgetItemId, body.Month));
};
