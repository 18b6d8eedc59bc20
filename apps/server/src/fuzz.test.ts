// The generated fuzz suite (issue 12): every operation of the contract's route tables gets bodies
// made from its zod schema and bent (wrong types, missing and extra fields, control characters,
// NaN and huge numbers, 3-decimal money, impossible and far-off dates, lone surrogates, prototype
// keys). Never a 5xx, never an extra field written, never another tenant touched.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyProductId, createEntityFixture, type EntityFixture, fixtureValues } from '../test/authorization-fixture.ts';
import { type ContractOperation, contractOperations, isWrite, operationLabel } from '../test/contract-routes.ts';
import { createTenant, type TestTenant } from '../test/factories.ts';
import { EXTRA_MARKER, type HostileBody, hostileBodies, MUTATION_KINDS } from '../test/hostile-bodies.ts';
import { liveTokens } from '../test/live-tokens.ts';
import { snapshotTenant } from '../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { users } from './schema/tenants.ts';

// Each way of bending a body, this many times per operation, from a fixed seed: the same bodies on
// every run, ~30 requests per operation, so both test passes stay well under a minute.
// FUZZ_RUNS and FUZZ_SEED make a deeper hunt by hand (FUZZ_RUNS=20 FUZZ_SEED=7 npx vitest run …).
const RUNS_PER_KIND = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 1212);

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let tokens: ReturnType<typeof liveTokens>;
let productId: string;
let otherBefore: Record<string, string>;
/** Read by every read operation; each write gets fresh rows, as it may delete or change them. */
let shared: EntityFixture;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Fuzzed' });
  other = await createTenant(t, { name: 'Bystander' });
  await createEntityFixture(t, other);
  tokens = liveTokens(t, tenant);
  productId = await anyProductId(t);
  otherBefore = await snapshotTenant(t.database, other.id);
  shared = await createEntityFixture(t, tenant);
});
afterAll(async () => t.close());

const operations = contractOperations();

const sendAs = async (operation: ContractOperation, body: HostileBody, token: string | undefined) => {
  const headers = { 'content-type': 'application/json' };
  if (operation.method === 'GET') {
    return t.request({ method: 'GET', url: `${operation.def.path}?q=${encodeURIComponent(body.payload)}`, ...(token ? { token } : {}) });
  }
  return t.request({ method: 'POST', url: operation.def.path, body: body.payload, headers, ...(token ? { token } : {}) });
};

/** Sent as the tenant's Owner (anonymously to anonymous routes); signs in again after a logout. */
const send = async (operation: ContractOperation, body: HostileBody) => {
  if (operation.def.access === 'anonymous') return sendAs(operation, body, undefined);
  const response = await sendAs(operation, body, await tokens.cached('owner'));
  return response.status === 401 ? sendAs(operation, body, await tokens.renew('owner')) : response;
};

describe('bodies made from the schemas and bent', () => {
  it.each(operations.map((operation) => [operationLabel(operation), operation] as const))(
    '%s never answers 5xx nor echoes an extra field',
    async (_label, operation) => {
      const fixture = isWrite(operation) ? await createEntityFixture(t, tenant, await tokens.get('owner')) : shared;
      const values = fixtureValues(operation.def.path, fixture, tenant, productId);
      const schema = operation.def.body;
      for (const kind of MUTATION_KINDS) {
        const bodies = schema
          ? hostileBodies(schema, values, kind, other.id)
          : fc.string().map((payload): HostileBody => ({ mutation: kind, payload }));
        await fc.assert(
          fc.asyncProperty(bodies, async (body) => {
            const response = await send(operation, body);
            const context = `${body.mutation}: ${body.payload.slice(0, 300)} → ${response.status} ${response.text.slice(0, 300)}`;
            expect(response.status, context).toBeGreaterThanOrEqual(200);
            expect(response.status, context).toBeLessThan(500);
            if (response.status < 300) {
              expect(response.text, context).not.toContain(EXTRA_MARKER);
              expect(response.text, context).not.toContain(other.id);
            }
            expect(({} as Record<string, unknown>).polluted, context).toBeUndefined();
          }),
          { numRuns: RUNS_PER_KIND, seed: SEED, endOnFailure: true },
        );
      }
    },
  );

  it('wrote no extra field anywhere and left the other tenant and everyone’s role as they were', async () => {
    expect(await snapshotTenant(t.database, other.id)).toEqual(otherBefore);
    const tables = await t.database.queryRows<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'tenant_id'`,
    );
    for (const { table_name: table } of tables) {
      const [row] = await t.database.queryRows<{ hits: number }>(`SELECT count(*)::int AS hits FROM "${table}" t WHERE t::text LIKE $1`, [
        `%${EXTRA_MARKER}%`,
      ]);
      expect(row?.hits, table).toBe(0);
    }
    const roles = await t.ctx.db.select({ id: users.id, role: users.tenantRole }).from(users);
    const roleOf = (id: string) => roles.find((row) => row.id === id)?.role;
    expect([tenant.users.owner, tenant.users.admin, tenant.users.member, tenant.users.viewer].map((user) => roleOf(user.id))).toEqual([
      'owner',
      'admin',
      'member',
      'member',
    ]);
  });
});
