import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerIdentityRoutes } from './identity/index.ts';
import type { LoginLimiter } from './identity/index.ts';
import { registerMailboxRoutes } from './mail/index.ts';
import { notifyTeamChange, registerInboxRoutes, registerUnsubscribeRoutes } from './notifications/index.ts';
import { registerTenantRoutes } from './tenants/index.ts';
import { registerBudgetRoutes } from './budget/index.ts';
import { registerCategoryRoutes } from './categories/index.ts';
import { registerLookupRoutes } from './lookups/index.ts';
import { registerPlanRoutes } from './plans/index.ts';
import { registerActivityRoutes } from './activities/index.ts';
import { registerCommentRoutes } from './comments/index.ts';
import { registerDashboardRoutes } from './dashboard/index.ts';
import { registerDigestRoutes } from './digest/index.ts';
import { registerExpenseRoutes } from './expenses/index.ts';
import { registerGuestRoutes } from './guest/index.ts';
import { registerImportRoutes } from './imports/index.ts';
import { registerReportRoutes } from './reports/index.ts';
import { registerSpendingRoutes } from './spending/index.ts';
import { registerSignupModules } from './payments/index.ts';
import { registerTeamRoutes } from './teams/index.ts';
import { registerPeopleRoutes } from './people/index.ts';
import { registerInvitationRoutes } from './invitations/index.ts';
import { createAnonymousLimiter, registerRecoveryRoutes } from './recovery/index.ts';
import { registerObjectiveRoutes } from './objectives/index.ts';
import { registerPerformanceRoutes } from './performance/index.ts';
import { registerPlaybookRoutes } from './playbook/index.ts';
import { registerFunnelRoutes } from './funnels/index.ts';
import { registerExpectationRoutes } from './expectations/index.ts';
import { registerEventRoutes } from './events/index.ts';

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
  registerUnsubscribeRoutes(app, ctx);
  registerInboxRoutes(app, ctx);
  registerDigestRoutes(app, ctx);
  registerExpenseRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerSpendingRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerGuestRoutes(app, ctx);
  registerSignupModules(app, ctx);
  // The person a membership change is about hears of it (mail and inbox), in the change's transaction.
  registerTeamRoutes(app, ctx, (tx, input) => notifyTeamChange(ctx, tx, input));
  registerPeopleRoutes(app, ctx);
  // One budget of key checks per address for invitation and reset keys alike.
  const anonymousLimiter = createAnonymousLimiter(ctx.rateLimiter);
  registerInvitationRoutes(app, ctx, anonymousLimiter);
  registerRecoveryRoutes(app, ctx, anonymousLimiter);
  registerObjectiveRoutes(app, ctx);
  registerPerformanceRoutes(app, ctx);
  registerPlaybookRoutes(app, ctx);
  registerFunnelRoutes(app, ctx);
  registerExpectationRoutes(app, ctx);
  registerEventRoutes(app, ctx);
};
