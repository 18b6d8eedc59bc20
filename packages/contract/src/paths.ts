import type { ProductPolicy, TenantPolicy } from './route.ts';

export type PathDef = {
  /** React Router pattern, e.g. '/plans/:id'. */
  pattern: string;
  title: string;
  /** Needs no session. */
  anonymous?: boolean;
  /** A route policy (SPEC.md §4 route guards). */
  policy?: TenantPolicy | ProductPolicy;
};

/** Every route of SPEC.md §2's table, with its guard. The server answers these with the app. */
export const paths = {
  home: { pattern: '/', title: 'Dashboard' },
  login: { pattern: '/login', title: 'Sign In', anonymous: true },
  loginSso: { pattern: '/login/sso', title: 'Sign In with SSO', anonymous: true },
  invitation: { pattern: '/invitation', title: 'Invitation', anonymous: true },
  forgotPassword: { pattern: '/forgotpassword', title: 'Forgot Password', anonymous: true },
  recoverPassword: { pattern: '/recoverpassword', title: 'Reset Password', anonymous: true },
  performance: { pattern: '/performance', title: 'Performance', policy: 'Plan.Performance' },
  spending: { pattern: '/spending', title: 'Spending' },
  expectations: { pattern: '/expectations', title: 'Expectations', policy: 'Plan.Performance' },
  reports: { pattern: '/reports', title: 'Reports' },
  reportBuilder: { pattern: '/reports/builder', title: 'Report Builder' },
  budget: { pattern: '/budget', title: 'Budget' },
  budgetItem: { pattern: '/budget/:id', title: 'Budget Item' },
  expenses: { pattern: '/expenses', title: 'Expenses' },
  calendar: { pattern: '/calendar', title: 'Calendar' },
  campaigns: { pattern: '/campaigns', title: 'Campaigns' },
  expense: { pattern: '/expenses/:id', title: 'Expense' },
  import: { pattern: '/import', title: 'Import' },
  close: { pattern: '/close', title: 'Month Close' },
  approvals: { pattern: '/approvals', title: 'Approvals' },
  objectives: { pattern: '/objectives', title: 'Objectives', policy: 'Plan.Performance' },
  objective: { pattern: '/objectives/:id', title: 'Objective', policy: 'Plan.Performance' },
  funnels: { pattern: '/funnels', title: 'Funnels', policy: 'Plan.Performance' },
  playbook: { pattern: '/playbook', title: 'Playbook', policy: 'Plan.Agility' },
  plans: { pattern: '/plans', title: 'Plans' },
  plan: { pattern: '/plans/:id', title: 'Plan' },
  myProfile: { pattern: '/settings/myprofile', title: 'My Profile' },
  notifications: { pattern: '/settings/notifications', title: 'Notifications' },
  apiTokens: { pattern: '/settings/api-tokens', title: 'API Tokens', policy: 'Plan.Agility' },
  inbox: { pattern: '/inbox', title: 'Inbox' },
  accountSettings: { pattern: '/account/settings', title: 'Account Settings', policy: 'Account.Settings' },
  lookups: { pattern: '/account/lookups', title: 'Lookups', policy: 'Account.Lookups' },
  customFields: { pattern: '/account/custom-fields', title: 'Custom Fields', policy: 'Account.Settings' },
  currencies: { pattern: '/account/currencies', title: 'Currencies', policy: 'Account.Settings' },
  audit: { pattern: '/account/audit', title: 'Audit Log', policy: 'Account.Settings' },
  sso: { pattern: '/account/sso', title: 'Single Sign-On', policy: 'Account.Settings' },
  webhooks: { pattern: '/account/webhooks', title: 'Webhooks', policy: 'Account.Settings' },
  teams: { pattern: '/account/teams', title: 'Teams', policy: 'Account.Teams' },
  people: { pattern: '/account/people', title: 'People', policy: 'Account.People' },
  billing: { pattern: '/account/biling', title: 'Billing', policy: 'Account.Billing' },
  invoice: { pattern: '/account/biling/invoices/:id', title: 'Invoice', policy: 'Account.Billing' },
  subscriptionCompleted: { pattern: '/account/subscription/completed', title: 'Subscription Updated', policy: 'Account.Billing' },
  logout: { pattern: '/logout', title: 'Sign Out', anonymous: true },
  register: { pattern: '/register', title: 'Create Your Account', anonymous: true },
  registerEmailVerify: { pattern: '/register/emailverify', title: 'Set Your Password', anonymous: true },
  registerPayment: { pattern: '/register/payment', title: 'Purchase Your Plan', anonymous: true },
  registerCompleted: { pattern: '/register/completed', title: 'Order Complete', anonymous: true },
  accessDenied: { pattern: '/accessdenied', title: 'Access Denied', anonymous: true },
  guestPlanSummary: { pattern: '/external/plansummary/:id', title: 'Plan Summary', anonymous: true },
} as const satisfies Record<string, PathDef>;

export type PathName = keyof typeof paths;

/** Builds a link: getHref('plan', { id }) → '/plans/…'; query values are URL-encoded. */
export const getHref = (name: PathName, params: Record<string, string> = {}, query: Record<string, string | undefined> = {}): string => {
  const path = paths[name].pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return search ? `${path}?${search}` : path;
};

/** Whether a URL path is one of the app's routes (the server answers 200 with the app, else 404). */
export const isAppPath = (pathname: string): boolean => {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(paths).some((def) => {
    const pattern = new RegExp(`^${def.pattern.replace(/:\w+/g, '[^/]+')}$`, 'i');
    return pattern.test(clean);
  });
};

/** The route policy of a path, if it has one. */
export const policyOf = (name: PathName): PathDef['policy'] => {
  const def: PathDef = paths[name];
  return def.policy;
};
