// Ready to distribute by tenant (issue 29 item 5): every SQL statement the app sends while the
// demo seed runs, a person signs in and every operation of the contract is called once as an Owner
// with a valid body is captured at the driver and parsed by PostgreSQL's own parser; each must pin
// every tenant-owned table it touches to one tenant (the rule Citus needs to route it to one
// shard). The tables and their distribution columns come from docs/operations.md's DDL block,
// which citus-ddl.test.ts checks against the schema.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyProductId, createEntityFixture, fixtureValues } from '../test/authorization-fixture.ts';
import { validBody } from '../test/body-arbitraries.ts';
import { contractOperations, operationLabel } from '../test/contract-routes.ts';
import { createTenant, login, type TestTenant } from '../test/factories.ts';
import { liveTokens } from '../test/live-tokens.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createDigestScheduler } from './modules/digest/digest-scheduler.ts';
import { isSandboxMode } from './modules/stripe-sandbox/index.ts';
import { seedDemo } from './seed/index.ts';
import { citusPlan, loadParser, routingCheck, type RoutingCheck } from '../test/tenant-routing.ts';

/** Who sent a statement: the route being called, or the step of the test around it. */
const origin = new AsyncLocalStorage<string>();
const BACKGROUND = 'outside any request (a worker or timer)';
const captured: { sql: string; origin: string }[] = [];
let recording = false;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const driverQuery = pg.Client.prototype.query as unknown as Query;

const statementText = (first: unknown): string | undefined => {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string') {
    return (first as { text: string }).text;
  }
  return undefined;
};

let t: TestApp;
let home: TestTenant;
let check: RoutingCheck;
let productId: string;
let tokens: ReturnType<typeof liveTokens>;
const operations = contractOperations();
/** Each operation called, and how many statements it sent. */
const answered = new Map<string, number>();

/**
 * Statements that find the tenant a request belongs to from a key that is unique across tenants
 * (the tenant is not known yet): under Citus they run on every shard, which is correct and fine
 * for these rare calls. Each is named by the table and the route; anything else fails.
 */
const TENANT_DISCOVERY: { table: string; origin: RegExp; statement: RegExp; reason: string }[] = [
  {
    table: 'users',
    origin: /^POST \/api\/identity\/token\/user \(/,
    statement: /from "users" where "users"\."email" = \$1 limit/,
    reason: 'sign-in: the account, and so the tenant, is found by its e-mail address',
  },
  {
    table: 'refresh_tokens',
    origin: /^POST \/api\/identity\/token\/userrefresh /,
    statement: /from "refresh_tokens" where "refresh_tokens"\."token_hash" = \$1 limit/,
    reason: 'a refresh token is all the caller brings: its hash finds the session and its tenant',
  },
  {
    table: 'user_keys',
    origin: /(ValidateInvitation|CompleteInvitation|resetpassword|ResetPassword) /,
    statement: /from "user_keys" where \("user_keys"\."key_hash" = \$1 and/,
    reason: 'an invitation or password-reset link carries only its key: its hash finds the person and tenant',
  },
  {
    table: 'users',
    origin: /(prospectrequest\/register|SendVerificationEmail|startrecovery|BeginPasswordRecovery) /,
    statement: /from "users" where "users"\."email" = \$1/,
    reason: 'sign-up refuses an address any tenant uses, and recovery finds the account by address',
  },
  {
    table: 'marketing_plans',
    origin: /^POST \/guest\/plansummary\/Get /,
    statement: /from "marketing_plans" where "marketing_plans"\."share_key" = \$1 limit/,
    reason: 'a shared plan link carries only its share key: it finds the plan and its tenant',
  },
  {
    table: 'sso_domains',
    origin: /^POST \/api\/SsoClient\/(Start|Save) /,
    statement: /from "sso_domains" where \(?"sso_domains"\."domain" (= \$1|in \()/,
    reason: 'single sign-on finds the account by the e-mail domain (Start); Save refuses a domain another account claims',
  },
];

/**
 * The weekly digest's tick looks for the tenants whose Monday morning has come and that have no
 * digest this week: a scan across tenants by design (once a minute, one row per tenant), which
 * Citus runs on every shard. What it then does for each tenant is pinned to that tenant.
 */
const DIGEST_SCAN =
  /^select distinct "time_zone" from "tenants"|^select "id" from "tenants" where \("tenants"\."time_zone" = \$1 and not exists \(select "tenant_id" from "digest_runs" where \("digest_runs"\."tenant_id" = "tenants"\."id"/;
TENANT_DISCOVERY.push(
  ...['tenants', 'digest_runs'].map((table) => ({
    table,
    origin: /^weekly digest tick$/,
    statement: DIGEST_SCAN,
    reason: 'the weekly digest finds the tenants it is due for',
  })),
);

const isDiscovery = (table: string, from: string, sql: string) =>
  TENANT_DISCOVERY.some((entry) => entry.table === table && entry.origin.test(from) && entry.statement.test(sql));

/**
 * A valid body, or `{}` when none can be made from the schema (the authorization suite reports
 * such a route; here it still runs its validation and access check).
 */
const bodyFor = (schema: Parameters<typeof validBody>[0], values: Parameters<typeof validBody>[1]): unknown => {
  try {
    return validBody(schema, values);
  } catch {
    return {};
  }
};

const shorten = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 220 ? `${flat.slice(0, 220)}…` : flat;
};

beforeAll(async () => {
  await loadParser();
  const plan = await citusPlan();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const sql = statementText(args[0]);
    if (recording && sql) captured.push({ sql, origin: origin.getStore() ?? BACKGROUND });
    return driverQuery.apply(this, args);
  } as unknown as typeof pg.Client.prototype.query;
  // Migrations are DDL, run once by one process: not routed. Recording starts with the demo seed.
  t = await createTestApp();
  recording = true;
  await origin.run('demo seed', () => seedDemo(t.database, { sandbox: isSandboxMode(t.ctx.config) }));
  const columns = new Map<string, Set<string>>();
  for (const row of await t.database.queryRows<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
  )) {
    columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  }
  check = routingCheck(plan.distributed, columns);
  home = await createTenant(t, { name: 'Routed', planCode: 'enterprise' });
  productId = await anyProductId(t);
  tokens = liveTokens(t, home);
});
afterAll(async () => {
  pg.Client.prototype.query = driverQuery as unknown as typeof pg.Client.prototype.query;
  await t?.close();
});

/** The statements sent on behalf of `from` that leave a tenant-owned table unpinned, one line per table. */
const unroutedOf = (from: (origin: string) => boolean): string[] => {
  const violations = new Map<string, string>();
  for (const { sql, origin: sender } of captured) {
    if (!from(sender)) continue;
    for (const { table } of check.unrouted(sql)) {
      if (isDiscovery(table, sender, sql)) continue;
      const key = `${sender} → ${table}`;
      if (!violations.has(key)) violations.set(key, `${key}: ${shorten(sql)}`);
    }
  }
  return [...violations.values()];
};

const countOf = (from: string) => captured.filter((statement) => statement.origin === from).length;

describe('every statement the app sends pins each tenant-owned table to one tenant', () => {
  it('while the demo seed runs and a person signs in', async () => {
    const signIn = 'POST /api/identity/token/user (sign-in)';
    await origin.run(signIn, () => login(t, home.users.owner.email));
    expect(countOf('demo seed')).toBeGreaterThan(20);
    expect(countOf(signIn)).toBeGreaterThan(1);
    expect(unroutedOf((sender) => sender === 'demo seed' || sender === signIn)).toEqual([]);
  });

  it.each(operations.map((operation) => [operationLabel(operation), operation] as const))(
    'when %s is called as an Owner with a valid body',
    async (label, operation) => {
      const fixture = await origin.run(`setting up for ${label}`, () => createEntityFixture(t, home));
      const token = await origin.run(`signing in for ${label}`, () => tokens.get('owner'));
      const values = fixtureValues(operation.def.path, fixture, home, productId);
      const body = operation.def.body ? bodyFor(operation.def.body, values) : undefined;
      const response = await origin.run(label, () =>
        t.request({
          method: operation.method,
          url: operation.def.path,
          ...(operation.method === 'POST' ? { body: body ?? {} } : {}),
          token,
        }),
      );
      expect(response.status, response.text).toBeLessThan(500);
      answered.set(label, countOf(label));
      expect(unroutedOf((sender) => sender === label)).toEqual([]);
    },
  );

  it('while the weekly digest runs: it finds the tenants due, then works inside each', async () => {
    const label = 'weekly digest tick';
    // Monday 30 November 2026, 09:30 UTC: every tenant here (time zone UTC) is due.
    t.clock.set(new Date('2026-11-30T09:30:00Z'));
    await origin.run(label, () => createDigestScheduler(t.ctx).tick());
    expect(countOf(label)).toBeGreaterThan(5);
    expect(captured.some((statement) => statement.origin === label && /insert into "digest_runs"/i.test(statement.sql))).toBe(true);
    expect(unroutedOf((sender) => sender === label)).toEqual([]);
  });

  it('in what runs outside a request (workers, timers) meanwhile', () => {
    recording = false;
    expect(unroutedOf((sender) => sender === BACKGROUND)).toEqual([]);
  });

  it('covered the API: most operations sent statements (some answer from the caller cached in memory)', () => {
    const silent = [...answered].filter(([, count]) => count === 0).map(([label]) => label);
    expect(answered.size).toBe(operations.length);
    expect(silent.length, silent.join('\n')).toBeLessThan(operations.length / 10);
    expect(captured.length).toBeGreaterThan(1000);
  });
});
