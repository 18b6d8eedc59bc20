// The big-tenant bench seed (issue 29.2) on PostgreSQL, generated in SQL: one tenant with
// 1,000,000 expenses (50 plans × 20,000), 1,000 tenants × 2,000 expenses and a reference tenant of
// 10,000 (one plan shaped like the big tenant's, for first-rows' ratio), in the database of
// BENCH_DATABASE_URL (created when missing). The schema is the app's own (the migrations run
// first) and the expenses go in through it, so the sums triggers fill expense_sums and
// expense_payee_sums as any writer's would; a recount checks them at the end.
// Ids are derived from names (seedId, bigTenantIds), so a bench finds its rows without asking.
// `node --import tsx apps/server/bench/big-tenant-seed.ts` seeds (or says it is there already);
// `… --force` makes it again. The big-tenant bench calls ensureBigTenantSeed itself.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/plansmith_bench';
/** Bumped whenever what the seed makes changes: a database seeded by another version is made again. */
const SEED_VERSION = 2;

export const BIG_PLANS = 50;
export const BIG_EXPENSES_PER_PLAN = 20_000;
export const BIG_ITEMS_PER_PLAN = 120;
export const SMALL_TENANTS = 1_000;
export const SMALL_EXPENSES = 2_000;
export const SMALL_ITEMS = 40;
export const BENCH_PASSWORD = 'bench-password-2026';
/** "Today" the statuses are spread around: expenses after it are planned or committed, not actual. */
const SEED_TODAY = '2026-11-27';

/** A version-4-shaped uuid derived from a name (its md5), the same as SQL's pg_temp.bench_id(name). */
export const seedId = (name: string): string => {
  const hex = createHash('md5').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};

const BENCH_ID_FUNCTION = `CREATE FUNCTION pg_temp.bench_id(name text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
  $$ SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid FROM md5(name) AS h $$`;

const pad = (n: number) => String(n).padStart(4, '0');

export const bigTenantIds = {
  tenantId: seedId('big-tenant'),
  email: 'big-owner@bench.plansmith.test',
  /** Plan p (1..50). */
  planId: (p: number) => seedId(`big-plan-${p}`),
  /** The team of plan p (the tenant has 5). */
  teamId: (p: number) => seedId(`big-team-${1 + (p % 5)}`),
};
/** A tenant shaped like one plan of the big tenant (its items, categories, objectives) with 10,000 expenses in all: first-rows' reference. */
export const REFERENCE_EXPENSES = 10_000;
export const referenceTenantIds = {
  tenantId: seedId('ref-tenant'),
  email: 'ref-owner@bench.plansmith.test',
  planId: seedId('ref-plan-1'),
  teamId: seedId('ref-team-1'),
};
export const smallTenantIds = (t: number) => ({
  tenantId: seedId(`small-tenant-${t}`),
  email: `owner-${pad(t)}@bench.plansmith.test`,
  planId: seedId(`small-plan-${t}`),
});

const EXPENSE_WORDS = [
  'LinkedIn campaign',
  'Trade show booth',
  'Google Ads',
  'Webinar platform',
  'Print brochure',
  'Agency retainer',
  'Event sponsorship',
  'Content writing',
  'SEO audit',
  'Video production',
  'Podcast spot',
  'Direct mail',
];

/**
 * The tenants, their owner, teams, categories, plans, objectives, items and phased months.
 * `tenants` is a SQL list of (key, tenant name, email, plans, items per plan, teams) rows.
 */
const seedStructure = async (client: pg.Client, passwordHash: string): Promise<void> => {
  await client.query(BENCH_ID_FUNCTION);
  await client.query(`
    CREATE TEMP TABLE seed_tenants AS
    SELECT pg_temp.bench_id('big-tenant') AS tenant_id, 'big' AS key, 'Big tenant' AS name, '${bigTenantIds.email}' AS email,
           ${BIG_PLANS} AS plans, ${BIG_ITEMS_PER_PLAN} AS items, 5 AS teams, ${BIG_EXPENSES_PER_PLAN} AS expenses
    UNION ALL
    SELECT pg_temp.bench_id('ref-tenant'), 'ref', 'Reference tenant', '${referenceTenantIds.email}', 1, ${BIG_ITEMS_PER_PLAN}, 1, ${REFERENCE_EXPENSES}
    UNION ALL
    SELECT pg_temp.bench_id('small-tenant-' || t), 'small-' || t, 'Tenant ' || lpad(t::text, 4, '0'),
           'owner-' || lpad(t::text, 4, '0') || '@bench.plansmith.test', 1, ${SMALL_ITEMS}, 1, ${SMALL_EXPENSES}
    FROM generate_series(1, ${SMALL_TENANTS}) AS t`);
  await client.query(`INSERT INTO tenants (id, name, plan_code) SELECT tenant_id, name, 'enterprise' FROM seed_tenants`);
  await client.query(
    `INSERT INTO users (tenant_id, id, email, password_hash, first_name, last_name, tenant_role)
     SELECT tenant_id, pg_temp.bench_id(key || '-owner'), email, $1, 'Bench', 'Owner', 'owner' FROM seed_tenants`,
    [passwordHash],
  );
  await client.query(`
    CREATE TEMP TABLE seed_teams AS
    SELECT s.tenant_id, pg_temp.bench_id(s.key || '-team-' || n) AS team_id, n, s.key FROM seed_tenants s, generate_series(1, s.teams) AS n`);
  await client.query(`INSERT INTO teams (tenant_id, id, name) SELECT tenant_id, team_id, 'Team ' || n FROM seed_teams`);
  await client.query(`INSERT INTO team_members (tenant_id, team_id, user_id, team_role_id)
    SELECT tenant_id, team_id, pg_temp.bench_id(key || '-owner'), 1 FROM seed_teams`);
  await client.query(`
    INSERT INTO budget_categories (tenant_id, id, name, category_type, sort_order)
    SELECT s.tenant_id, pg_temp.bench_id(s.key || '-category-' || c),
           (ARRAY['Paid media','Events','Content','Brand','Agency','Tools','Research','Sponsorships','Operations'])[c],
           (c % 3) + 1, c
    FROM seed_tenants s, generate_series(1, 9) AS c`);
  await client.query(`
    CREATE TEMP TABLE seed_plans AS
    SELECT s.tenant_id, CASE WHEN s.key IN ('big', 'ref') THEN pg_temp.bench_id(s.key || '-plan-' || p) ELSE pg_temp.bench_id('small-plan-' || substr(s.key, 7)) END AS plan_id,
           pg_temp.bench_id(s.key || '-team-' || (1 + p % s.teams)) AS team_id, p, s.key, s.items, s.expenses
    FROM seed_tenants s, generate_series(1, s.plans) AS p`);
  await client.query(`
    INSERT INTO marketing_plans (tenant_id, id, team_id, name, start_date, end_date)
    SELECT tenant_id, plan_id, team_id, 'Plan ' || lpad(p::text, 2, '0') || ' 2026', '2026-01-01', '2026-12-31' FROM seed_plans`);
  await client.query(`
    INSERT INTO objectives (tenant_id, id, marketing_plan_id, name, target_value, start_date, end_date, metric_type, is_revenue)
    SELECT tenant_id, pg_temp.bench_id(plan_id::text || '-objective-' || o), plan_id,
           (ARRAY['Pipeline','Leads','Revenue','Brand reach'])[o], 1000 * o, '2026-01-01', '2026-12-31',
           CASE WHEN o = 3 THEN 2 ELSE 1 END, o = 3
    FROM seed_plans, generate_series(1, 4) AS o`);
  await client.query(`
    CREATE TEMP TABLE seed_items AS
    SELECT pl.tenant_id, pl.plan_id, pg_temp.bench_id(pl.plan_id::text || '-item-' || i) AS item_id, i - 1 AS n,
           pg_temp.bench_id(pl.key || '-category-' || (1 + i % 9)) AS category_id, ((1 + i % 9) % 3) + 1 AS category_type,
           CASE WHEN i % 3 = 0 THEN NULL ELSE pg_temp.bench_id(pl.plan_id::text || '-objective-' || (1 + i % 4)) END AS objective_id,
           (600000 + (i * 7919) % 4000000)::bigint AS amount_cents, i
    FROM seed_plans pl, generate_series(1, pl.items) AS i`);
  await client.query('CREATE INDEX ON seed_items (plan_id, n)');
  await client.query(`
    INSERT INTO budget_items (tenant_id, id, marketing_plan_id, budget_category_id, objective_id, name, amount_cents, item_type)
    SELECT tenant_id, item_id, plan_id, category_id, objective_id,
           (ARRAY['Search ads','Social ads','Conference','Newsletter','Case study','Design','Analytics','Partner fund'])[1 + i % 8] || ' ' || i,
           amount_cents, 1 + i % 2
    FROM seed_items`);
  await client.query(`
    INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents)
    SELECT tenant_id, item_id, make_date(2026, m, 1), amount_cents / 12 + CASE WHEN m = 12 THEN amount_cents % 12 ELSE 0 END
    FROM seed_items, generate_series(1, 12) AS m`);
};

/**
 * The expenses of `plans` (a WHERE on seed_plans), one INSERT … SELECT: dates over the plan's year,
 * mostly actual up to SEED_TODAY (10 % committed, 10 % planned) and planned/committed after it,
 * skewed payees (2,000 per tenant, a few take most rows), names from EXPENSE_WORDS with the month,
 * every fifth with a description, one in 97 inactive.
 */
const insertExpenses = (client: pg.Client, plans: string) =>
  client.query(`
    INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, description, purchase_order,
      purchase_date, amount_cents, status, category_type, active, created_at, updated_at)
    SELECT pl.tenant_id, pg_temp.bench_id(pl.plan_id::text || '-expense-' || g), pl.plan_id, i.item_id,
      (ARRAY[${EXPENSE_WORDS.map((word) => `'${word}'`).join(',')}])[1 + (g * 7) % ${EXPENSE_WORDS.length}] || ' ' || to_char(d.day, 'Mon') || ' #' || g,
      'Vendor ' || lpad((floor(2000 * power(((g::bigint * 7919) % 10007) / 10007.0, 3)))::int::text, 4, '0'),
      CASE WHEN g % 5 = 0 THEN 'Booked against ' || (ARRAY['Q1 push','launch','renewal','field event'])[1 + g % 4] END,
      'PO-' || pl.p || '-' || g,
      d.day, 100 + (g::bigint * 7919) % 250000,
      CASE WHEN d.day <= '${SEED_TODAY}'::date THEN (ARRAY[3,3,3,3,3,3,3,3,2,1])[1 + g % 10] ELSE 1 + g % 2 END,
      i.category_type, g % 97 <> 0,
      d.day::timestamptz, d.day::timestamptz
    FROM seed_plans pl
    CROSS JOIN generate_series(1, pl.expenses) AS g
    CROSS JOIN LATERAL (SELECT date '2026-01-01' + ((g::bigint * 104729) % 365)::int AS day) AS d
    JOIN seed_items i ON i.plan_id = pl.plan_id AND i.n = (g::bigint * 31 + g / 7) % pl.items
    WHERE ${plans}`);

/** Differences between the kept sums and a GROUP BY recount of the active expenses (0 when they agree). */
const countSumMismatches = async (client: pg.Client): Promise<{ sums: number; payeeSums: number }> => {
  // With approvals (migration 1030) a pending expense is kept under status 4 (requested).
  const approvals = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'expenses' AND column_name = 'approval'`,
  );
  const status = approvals.rowCount ? 'CASE WHEN approval = 1 THEN 4 ELSE status END' : 'status';
  const sums = await client.query<{ n: number }>(`
    WITH recount AS (
      SELECT tenant_id, coalesce(budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid) AS budget_item_id, marketing_plan_id,
             date_trunc('month', purchase_date::timestamp)::date AS month, ${status} AS status, sum(amount_cents)::bigint AS amount_cents, count(*)::int AS expense_count
      FROM expenses WHERE active GROUP BY 1, 2, 3, 4, 5),
    kept AS (SELECT tenant_id, budget_item_id, marketing_plan_id, month, status, amount_cents, expense_count FROM expense_sums)
    SELECT count(*)::int AS n FROM ((SELECT * FROM recount EXCEPT ALL SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT ALL SELECT * FROM recount)) AS d`);
  const payees = await client.query<{ n: number }>(`
    WITH recount AS (
      SELECT tenant_id, marketing_plan_id, coalesce(payee, '') AS payee, payee IS NULL AS no_payee, ${status} AS status,
             sum(amount_cents)::bigint AS amount_cents, count(*)::int AS expense_count
      FROM expenses WHERE active GROUP BY 1, 2, 3, 4, 5),
    kept AS (SELECT tenant_id, marketing_plan_id, payee, no_payee, status, amount_cents, expense_count FROM expense_payee_sums)
    SELECT count(*)::int AS n FROM ((SELECT * FROM recount EXCEPT ALL SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT ALL SELECT * FROM recount)) AS d`);
  return { sums: sums.rows[0]?.n ?? -1, payeeSums: payees.rows[0]?.n ?? -1 };
};

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const serverUrl = (url: string) => {
  const server = new URL(url);
  server.pathname = '/postgres';
  return server.toString();
};

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../src/db/migrations');

/** Each migration file's name and the SHA-1 of its text. */
const migrationHashes = (): Map<string, string> =>
  new Map(
    readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => [
        file,
        createHash('sha1')
          .update(readFileSync(path.join(MIGRATIONS_DIR, file)))
          .digest('hex'),
      ]),
  );

/** Notes the text of the migrations the database has applied, so a later change to one of them is seen. */
const recordMigrations = async (client: pg.Client): Promise<void> => {
  await client.query('CREATE TABLE IF NOT EXISTS bench_migrations (name text PRIMARY KEY, sha1 text NOT NULL)');
  const applied = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
  for (const [name, sha1] of migrationHashes()) {
    if (applied.has(name)) {
      await client.query(
        'INSERT INTO bench_migrations (name, sha1) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET sha1 = excluded.sha1',
        [name, sha1],
      );
    }
  }
};

/**
 * Whether the database exists and holds this version's finished seed, made with migrations whose
 * text has not changed since (a new migration is fine: it is applied on top).
 */
const isSeeded = async (url: string): Promise<boolean> => {
  const admin = new pg.Client({ connectionString: serverUrl(url) });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)]);
    if (found.rowCount === 0) return false;
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const marker = await client.query<{ version: number }>(
      `SELECT version FROM bench_seed WHERE to_regclass('bench_seed') IS NOT NULL AND name = 'big-tenant'`,
    );
    if (marker.rows[0]?.version !== SEED_VERSION) return false;
    const current = migrationHashes();
    const table = await client.query(`SELECT 1 FROM pg_class WHERE oid = to_regclass('bench_migrations')`);
    if (table.rowCount === 0) return true;
    const recorded = await client.query<{ name: string; sha1: string }>('SELECT name, sha1 FROM bench_migrations');
    return recorded.rows.every((row) => current.get(row.name) === row.sha1);
  } catch {
    return false;
  } finally {
    await client.end();
  }
};

const recreateDatabase = async (url: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: serverUrl(url) });
  await admin.connect();
  try {
    const name = databaseName(url).replaceAll('"', '""');
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
};

export type SeedReport = { seeded: boolean; seconds: number; steps: string[] };

/**
 * Seeds BENCH_DATABASE_URL unless this version's seed is there; migrates it either way (a seeded
 * database gets migrations written since). Answers what it did, with timings and load.
 */
export const ensureBigTenantSeed = async (
  url = BENCH_DATABASE_URL,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<SeedReport> => {
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: string[] = [];
  const step = (line: string) => {
    steps.push(line);
    log(`  seed: ${line}`);
  };
  const started = performance.now();
  const seeded = !options.force && (await isSeeded(url));
  if (!seeded) await recreateDatabase(url);
  const database: Database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: url });
  try {
    const applied = await migrate(database, { sandbox: false });
    if (seeded) {
      if (applied.length > 0) step(`migrations applied to the seeded database: ${applied.join(', ')}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await recordMigrations(client).finally(() => client.end());
      return { seeded: false, seconds: (performance.now() - started) / 1000, steps };
    }
    step(`migrated (${applied.length} migrations) in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let mark = performance.now();
    const lap = (what: string) => {
      step(`${what} in ${((performance.now() - mark) / 1000).toFixed(1)} s; load ${load()}`);
      mark = performance.now();
    };
    await client.query('SET synchronous_commit = off');
    await seedStructure(client, await hashPassword(BENCH_PASSWORD));
    lap(`1 + ${SMALL_TENANTS} tenants, owners, teams, categories, plans, objectives, items and months`);
    for (let p = 1; p <= BIG_PLANS; p += 5) await insertExpenses(client, `pl.key = 'big' AND pl.p BETWEEN ${p} AND ${p + 4}`);
    await insertExpenses(client, `pl.key = 'ref'`);
    lap(
      `${(BIG_PLANS * BIG_EXPENSES_PER_PLAN).toLocaleString('en-US')} expenses of the big tenant and ${REFERENCE_EXPENSES.toLocaleString('en-US')} of the reference tenant (sums triggers on, 100,000 a statement)`,
    );
    for (let t = 1; t <= SMALL_TENANTS; t += 50) {
      await insertExpenses(
        client,
        `pl.key <> 'big' AND pl.tenant_id IN (SELECT pg_temp.bench_id('small-tenant-' || t) FROM generate_series(${t}, ${t + 49}) AS t)`,
      );
    }
    lap(`${(SMALL_TENANTS * SMALL_EXPENSES).toLocaleString('en-US')} expenses of ${SMALL_TENANTS} tenants (100,000 a statement)`);
    await client.query('VACUUM (ANALYZE)');
    lap('VACUUM (ANALYZE)');
    const mismatches = await countSumMismatches(client);
    if (mismatches.sums !== 0 || mismatches.payeeSums !== 0) {
      throw new Error(
        `The kept sums differ from a recount: ${mismatches.sums} expense_sums rows, ${mismatches.payeeSums} expense_payee_sums rows.`,
      );
    }
    lap('expense_sums and expense_payee_sums equal a full recount');
    const seconds = (performance.now() - started) / 1000;
    await client.query(
      'CREATE TABLE bench_seed (name text PRIMARY KEY, version integer NOT NULL, seconds numeric NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query(`INSERT INTO bench_seed (name, version, seconds) VALUES ('big-tenant', $1, $2)`, [SEED_VERSION, seconds.toFixed(1)]);
    await recordMigrations(client);
    step(`seeded in ${seconds.toFixed(1)} s`);
    return { seeded: true, seconds, steps };
  } finally {
    await client.end();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const cpus = os.cpus();
  console.log(
    `Big-tenant seed into ${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} on ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}; load ${load()}`,
  );
  const report = await ensureBigTenantSeed(BENCH_DATABASE_URL, { force: process.argv.includes('--force') });
  console.log(
    report.seeded
      ? `Seeded in ${report.seconds.toFixed(1)} s.`
      : `Already seeded (version ${SEED_VERSION}); checked in ${report.seconds.toFixed(1)} s.`,
  );
}
