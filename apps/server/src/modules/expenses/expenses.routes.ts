import { expenseRoutes, expenseViewRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createExpenseBulkEdit } from './expense-bulk-edit.ts';
import { createExpenseViewsService } from './expense-views.service.ts';
import { createExpensesService } from './expenses.service.ts';

export const registerExpenseRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createExpensesService(ctx);
  addRoute(app, ctx, expenseRoutes.getExpenses, ({ auth, body }) => service.getExpenses(auth, body));
  addRoute(app, ctx, expenseRoutes.searchExpenses, ({ auth, body }) => service.searchExpenses(auth, body));
  addRoute(app, ctx, expenseRoutes.getExpense, ({ auth, body }) => service.getExpense(auth, body.ExpenseId));
  addRoute(app, ctx, expenseRoutes.saveExpense, ({ auth, body }) => service.saveExpense(auth, body));
  addRoute(app, ctx, expenseRoutes.deleteExpense, ({ auth, body }) => service.deleteExpense(auth, body));
  addRoute(app, ctx, expenseRoutes.getPayees, ({ auth, body }) => service.getPayees(auth, body.MarketingPlanId));
  const bulkEdit = createExpenseBulkEdit(ctx, service.saveExpense);
  addRoute(app, ctx, expenseViewRoutes.bulkEditExpenses, ({ auth, body }) => bulkEdit(auth, body));
  const views = createExpenseViewsService(ctx);
  addRoute(app, ctx, expenseViewRoutes.listExpenseViews, ({ auth }) => views.listViews(auth));
  addRoute(app, ctx, expenseViewRoutes.saveExpenseView, ({ auth, body }) => views.saveView(auth, body));
  addRoute(app, ctx, expenseViewRoutes.deleteExpenseView, ({ auth, body }) => views.deleteView(auth, body));
};
