import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerIdentityRoutes } from './identity/identity.routes.ts';
import type { LoginLimiter } from './identity/login-limiter.ts';
import { registerMailboxRoutes } from './mail/mailbox.routes.ts';
import { registerTenantRoutes } from './tenants/tenants.routes.ts';
import { registerBudgetRoutes } from './budget/budget.routes.ts';
import { registerCategoryRoutes } from './categories/categories.routes.ts';
import { registerLookupRoutes } from './lookups/lookups.routes.ts';
import { registerPlanRoutes } from './plans/plans.routes.ts';
import { registerActivityRoutes } from './activities/activities.routes.ts';
import { registerCommentRoutes } from './comments/comments.routes.ts';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.ts';
import { registerExpenseRoutes } from './expenses/expenses.routes.ts';
import { registerGuestRoutes } from './guest/guest.routes.ts';
import { registerReportRoutes } from './reports/reports.routes.ts';
import { registerSpendingRoutes } from './spending/spending.routes.ts';
import { registerSignupModules } from './payments/signup.module.ts';
import { registerTeamRoutes } from './teams/teams.routes.ts';
import { registerPeopleRoutes } from './people/people.routes.ts';
import { registerInvitationRoutes } from './invitations/invitations.routes.ts';
import { createAnonymousLimiter } from './recovery/anonymous-limiter.ts';
import { registerRecoveryRoutes } from './recovery/recovery.routes.ts';

export type ModuleOptions = { loginLimiter: LoginLimiter };

/** Every feature module's routes. Each module registers its own contract routes. */
export const registerModules = (app: FastifyInstance, ctx: AppContext, options: ModuleOptions): void => {
  registerIdentityRoutes(app, ctx, options.loginLimiter);
  registerTenantRoutes(app, ctx);
  registerLookupRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerPlanRoutes(app, ctx);
  registerBudgetRoutes(app, ctx);
  registerMailboxRoutes(app, ctx);
  registerExpenseRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerSpendingRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerGuestRoutes(app, ctx);
  registerSignupModules(app, ctx);
  registerTeamRoutes(app, ctx);
  registerPeopleRoutes(app, ctx);
  // One budget of key checks per address for invitation and reset keys alike.
  const anonymousLimiter = createAnonymousLimiter(ctx.rateLimiter);
  registerInvitationRoutes(app, ctx, anonymousLimiter);
  registerRecoveryRoutes(app, ctx, anonymousLimiter);
};
