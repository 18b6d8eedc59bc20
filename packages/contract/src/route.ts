import type { z } from 'zod';

/**
 * Who may call a route.
 * - `anonymous`: no token.
 * - `authenticated`: any active signed-in user.
 * - a policy name (DESIGN.md §4): the caller's permission entry for it must be granted.
 */
export type Access = 'anonymous' | 'authenticated' | TenantPolicy | ProductPolicy;

export type TenantPolicy = 'Account.Settings' | 'Account.Lookups' | 'Account.Teams' | 'Account.People' | 'Account.Billing';
export type ProductPolicy = 'Plan.Agility' | 'Plan.Performance';

/**
 * The team-scoped action a write route performs (issue 28 A6): the server's role × permission table
 * (`modules/access/role-permissions.ts`) says who may do it, its services check it with
 * `requireAccess`, and the generated authorization suite refuses every role the table leaves out.
 */
export type ActionPermission =
  | 'plan.save'
  | 'plan.delete'
  | 'plan.share'
  | 'plan.lockBaseline'
  | 'plan.unlockBaseline'
  | 'team.changeMember'
  | 'budgetItem.edit'
  | 'expense.edit'
  | 'approval.policy'
  | 'approval.decide'
  | 'import.run'
  | 'comment.write'
  | 'note.write'
  | 'objective.edit'
  | 'objective.delete'
  | 'funnel.edit'
  | 'play.createPlan'
  | 'play.saveAsPlay'
  | 'play.rename'
  | 'play.delete'
  | 'starterPlay.manage'
  | 'period.close'
  | 'period.reopen';

export type RouteDef = {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  /** The team-scoped action it performs, when its rule depends on the caller's role in the team. */
  permission?: ActionPermission;
  summary: string;
  /** JSON body (POST). GET routes take none. */
  body?: z.ZodType;
  /** The Result of the envelope, or the whole body when `raw` is true. */
  response: z.ZodType;
  /** True when the response is not wrapped in `{ Result, Message }` (identity token endpoints). */
  raw?: boolean;
  /** Extra request methods that reach the same handler (DESIGN.md §7.9). */
  alsoMethods?: readonly ('GET' | 'POST')[];
  /** When this route may take a body over the app's 100 KB (DESIGN.md §2, §10): the limit and what a 413 says. */
  bodyLimit?: { bytes: number; message: string };
  tags?: readonly string[];
};

export const defineRoutes = <const T extends Record<string, RouteDef>>(routes: T): T => routes;

export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type ParsedBodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type ResultOf<R extends RouteDef> = z.output<R['response']>;
