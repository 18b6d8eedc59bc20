import { type PathName, paths } from '@plansmith/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setSessionExpiredHandler } from '../shared/api/session-keys.ts';
import { RouteFallback } from './route-fallback.tsx';

type PageModule = Record<string, ComponentType>;

/** Every route names its tab (DESIGN.md §12): "Budget · Plansmith". */
const useDocumentTitle = (name: PathName): void => {
  useEffect(() => {
    document.title = `${paths[name].title} · Plansmith`;
  }, [name]);
};

/**
 * A route whose page is loaded on first visit (keeps the first download small); a guarded page
 * brings its policy guard along.
 */
const page = (name: PathName, load: () => Promise<PageModule>, exportName: string, guarded = true): RouteObject => ({
  path: paths[name].pattern,
  lazy: async () => {
    const [module, guard] = await Promise.all([load(), guarded ? import('./require-policy.tsx') : null]);
    const Page = module[exportName] as ComponentType;
    const RequirePolicy = guard?.RequirePolicy;
    const Titled = () => {
      useDocumentTitle(name);
      return <Page />;
    };
    return {
      Component: RequirePolicy
        ? () => (
            <RequirePolicy name={name}>
              <Titled />
            </RequirePolicy>
          )
        : Titled,
    };
  },
});

/** How long the first page waits for its first answers before it is drawn without them. */
const FIRST_DRAW_WAIT_MS = 1_500;

/**
 * A loader that starts the route's first requests (app/prefetch.ts). The prefetch code comes with
 * the API client, so it is imported here rather than in the first download. Later navigations do
 * not wait (the page shows its loading states); the first page waits, up to FIRST_DRAW_WAIT_MS,
 * for the answers the HTML's early requests are already bringing: it is drawn once, with its data,
 * instead of drawn empty and drawn again as each answer arrives (an answer arriving while React
 * draws the page in slices made it start over at once, in one long task).
 */
const prefetch = (client: QueryClient, what: 'shell' | 'budget' | 'expenses', firstDraw: { done: boolean }) => async (): Promise<null> => {
  const answered = import('./prefetch.ts').then((module) => module.prefetchers[what](client));
  if (!firstDraw.done) await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, FIRST_DRAW_WAIT_MS))]);
  return null;
};

const signedInRoutes = (client: QueryClient, firstDraw: { done: boolean }): RouteObject[] => [
  page('home', () => import('./pages/dashboard-page.tsx'), 'DashboardPage'),
  page('plans', () => import('./pages/plans-page.tsx'), 'PlansPage'),
  page('plan', () => import('./pages/plan-page.tsx'), 'PlanPage'),
  { ...page('budget', () => import('./pages/budget-page.tsx'), 'BudgetPage'), loader: prefetch(client, 'budget', firstDraw) },
  page('budgetItem', () => import('./pages/budget-item-page.tsx'), 'BudgetItemPage'),
  { ...page('expenses', () => import('./pages/expenses-page.tsx'), 'ExpensesPage'), loader: prefetch(client, 'expenses', firstDraw) },
  page('expense', () => import('./pages/expense-page.tsx'), 'ExpensePage'),
  page('calendar', () => import('./pages/calendar-page.tsx'), 'CalendarPage'),
  page('campaigns', () => import('./pages/campaigns-page.tsx'), 'CampaignsPage'),
  page('import', () => import('./pages/import-page.tsx'), 'ImportPage'),
  page('close', () => import('./pages/close-page.tsx'), 'ClosePage'),
  page('approvals', () => import('./pages/approvals-page.tsx'), 'ApprovalsPage'),
  page('spending', () => import('./pages/spending-page.tsx'), 'SpendingPage'),
  page('reports', () => import('./pages/reports-page.tsx'), 'ReportsPage'),
  page('reportBuilder', () => import('./pages/report-builder-page.tsx'), 'ReportBuilderPage'),
  page('performance', () => import('./pages/performance-page.tsx'), 'PerformancePage'),
  page('expectations', () => import('./pages/expectations-page.tsx'), 'ExpectationsPage'),
  page('objectives', () => import('./pages/objectives-page.tsx'), 'ObjectivesPage'),
  page('objective', () => import('./pages/objective-page.tsx'), 'ObjectivePage'),
  page('funnels', () => import('./pages/funnels-page.tsx'), 'FunnelsPage'),
  page('playbook', () => import('./pages/playbook-page.tsx'), 'PlaybookPage'),
  page('myProfile', () => import('./pages/my-profile-page.tsx'), 'MyProfilePage'),
  page('notifications', () => import('./pages/notifications-page.tsx'), 'NotificationsPage'),
  page('apiTokens', () => import('./pages/api-tokens-page.tsx'), 'ApiTokensPage'),
  page('inbox', () => import('./pages/inbox-page.tsx'), 'InboxPage'),
  page('accountSettings', () => import('./pages/account-settings-page.tsx'), 'AccountSettingsPage'),
  page('lookups', () => import('./pages/lookups-page.tsx'), 'LookupsPage'),
  page('customFields', () => import('./pages/custom-fields-page.tsx'), 'CustomFieldsPage'),
  page('currencies', () => import('./pages/currencies-page.tsx'), 'CurrenciesPage'),
  page('audit', () => import('./pages/audit-page.tsx'), 'AuditPage'),
  page('sso', () => import('./pages/sso-page.tsx'), 'SsoPage'),
  page('webhooks', () => import('./pages/webhooks-page.tsx'), 'WebhooksPage'),
  page('teams', () => import('./pages/teams-page.tsx'), 'TeamsPage'),
  page('people', () => import('./pages/people-page.tsx'), 'PeoplePage'),
  page('billing', () => import('./pages/billing-page.tsx'), 'BillingPage'),
  page('invoice', () => import('./pages/invoice-page.tsx'), 'InvoicePage'),
  page('subscriptionCompleted', () => import('./pages/subscription-completed-page.tsx'), 'SubscriptionCompletedPage'),
];

const anonymousRoutes: RouteObject[] = [
  page('login', () => import('./pages/login-page.tsx'), 'LoginPage', false),
  page('loginSso', () => import('./pages/login-sso-page.tsx'), 'LoginSsoPage', false),
  page('logout', () => import('./pages/logout-page.tsx'), 'LogoutPage', false),
  page('invitation', () => import('./pages/invitation-page.tsx'), 'InvitationPage', false),
  page('forgotPassword', () => import('./pages/forgot-password-page.tsx'), 'ForgotPasswordPage', false),
  page('recoverPassword', () => import('./pages/recover-password-page.tsx'), 'RecoverPasswordPage', false),
  page('register', () => import('./pages/register-page.tsx'), 'RegisterPage', false),
  page('registerEmailVerify', () => import('./pages/register-email-verify-page.tsx'), 'RegisterEmailVerifyPage', false),
  page('registerPayment', () => import('./pages/register-payment-page.tsx'), 'RegisterPaymentPage', false),
  page('registerCompleted', () => import('./pages/register-completed-page.tsx'), 'RegisterCompletedPage', false),
  page('accessDenied', () => import('./pages/access-denied-page.tsx'), 'AccessDeniedPage', false),
  page('guestPlanSummary', () => import('./pages/guest-plan-summary-page.tsx'), 'GuestPlanSummaryPage', false),
];

/** Runs `then` once the router has loaded its first page's code and data (at once if it has). */
export const whenRouted = (router: ReturnType<typeof createBrowserRouter>, then: () => void): void => {
  if (router.state.initialized) {
    then();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    then();
  });
};

export const createAppRouter = (client: QueryClient) => {
  // Set once the router has drawn its first page: only the loaders of that one wait for answers.
  const firstDraw = { done: false };
  const router = createBrowserRouter([
    {
      // Shown while the first route's code loads, so the page is never blank.
      HydrateFallback: RouteFallback,
      children: [
        { lazy: async () => ({ Component: (await import('./layouts/anonymous-layout.tsx')).AnonymousLayout }), children: anonymousRoutes },
        {
          lazy: async () => ({ Component: (await import('./guards.tsx')).SessionRoute }),
          children: [
            {
              // The shell's code loads beside the page's; its first requests start before either arrives.
              loader: prefetch(client, 'shell', firstDraw),
              lazy: async () => ({ Component: (await import('./layouts/app-shell.tsx')).AppShell }),
              children: [
                ...signedInRoutes(client, firstDraw),
                { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page.tsx')).NotFoundPage }) },
              ],
            },
          ],
        },
      ],
    },
  ]);
  whenRouted(router, () => {
    firstDraw.done = true;
  });
  setSessionExpiredHandler(() => {
    const { pathname, search } = window.location;
    if (pathname !== '/login') void router.navigate(`/login?returnTo=${encodeURIComponent(pathname + search)}`, { replace: true });
  });
  return router;
};
