import { expenseRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createExpensesService } from './expenses.service.ts';

export const registerExpenseRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createExpensesService(ctx);
  addRoute(app, ctx, expenseRoutes.getExpenses, ({ auth, body }) => service.getExpenses(auth, body));
  addRoute(app, ctx, expenseRoutes.searchExpenses, ({ auth, body }) => service.searchExpenses(auth, body));
  addRoute(app, ctx, expenseRoutes.getExpense, ({ auth, body }) => service.getExpense(auth, body.ExpenseId));
  addRoute(app, ctx, expenseRoutes.saveExpense, ({ auth, body }) => service.saveExpense(auth, body));
  addRoute(app, ctx, expenseRoutes.deleteExpense, ({ auth, body }) => service.deleteExpense(auth, body));
  addRoute(app, ctx, expenseRoutes.getPayees, ({ auth, body }) => service.getPayees(auth, body.MarketingPlanId));
};
