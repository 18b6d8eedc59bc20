// The generated authorization suite (issue 12): every protected operation of the contract's route
// tables × every kind of caller that must be turned away, with a read-back proving a refused call
// changed nothing and a scan of what other callers were shown. A new route is covered by itself.
import { isSessionOnlyRoute } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyProductId,
  createEntityFixture,
  createFixtureMember,
  type EntityFixture,
  type FixtureMember,
  fixtureValues,
  idsOf,
  joinFixtureTeam,
  teamScopedIds,
} from '../test/authorization-fixture.ts';
import { createApiToken } from '../test/api-token-factories.ts';
import { badTokens } from '../test/bad-tokens.ts';
import { validBody } from '../test/body-arbitraries.ts';
import { type ContractOperation, contractOperations, isWrite, operationLabel, SELF_SERVICE_PATHS } from '../test/contract-routes.ts';
import { createTenant, login, type TestTenant } from '../test/factories.ts';
import { liveTokens } from '../test/live-tokens.ts';
import { snapshotTenant } from '../test/tenant-snapshot.ts';
import { createTestApp, type TestApp, type TestResponse } from '../test/test-app.ts';
import { isAllowed } from './modules/access/index.ts';
import { isPolicyGranted } from './plugins/permissions.ts';

let t: TestApp;
/** The tenant under attack, another tenant, and one that lends a logged-out and a deactivated user. */
let home: TestTenant;
let other: TestTenant;
let spare: TestTenant;
let homeTokens: ReturnType<typeof liveTokens>;
let otherTokens: ReturnType<typeof liveTokens>;
let rejectedTokens: Record<string, string>;
let productId: string;
/** A Lead and a Planner of every fixture's team: the role × permission table says what each may not do. */
let insiders: FixtureMember[];

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, { name: 'Home' });
  other = await createTenant(t, { name: 'Other' });
  spare = await createTenant(t, { name: 'Spare' });
  homeTokens = liveTokens(t, home);
  otherTokens = liveTokens(t, other);
  rejectedTokens = await badTokens(t, home, spare, other);
  productId = await anyProductId(t);
  insiders = [await createFixtureMember(t, home, 'lead'), await createFixtureMember(t, home, 'planner')];
});
afterAll(async () => t.close());

const operations = contractOperations().filter((operation) => operation.def.access !== 'anonymous');

/** One caller of one operation and what it must get. */
type Case = { caller: string; token: () => Promise<string | undefined>; check: (response: TestResponse) => void };

const leaked = (response: TestResponse, ids: readonly string[]) => ids.filter((id) => response.text.includes(id));

const status = (expected: readonly number[]) => (response: TestResponse) => {
  expect(expected, response.text).toContain(response.status);
};

/** The callers that must be refused: the request may not change anything of the home tenant. */
const refusedCases = (operation: ContractOperation, fixture: EntityFixture, body: unknown): Case[] => {
  const { access, path } = operation.def;
  const write = isWrite(operation);
  const cases: Case[] = Object.entries(rejectedTokens).map(([caller, token]) => ({
    caller,
    token: async () => token,
    check: status([401]),
  }));
  cases.push({ caller: 'anonymous', token: async () => undefined, check: status([401]) });

  const bodyText = JSON.stringify(body ?? null);
  const carriesHomeIds = idsOf(fixture, home).some((id) => bodyText.includes(id));
  if (carriesHomeIds && write) {
    cases.push({ caller: "other tenant's Owner with this tenant's ids", token: () => otherTokens.get('owner'), check: status([404]) });
  }
  const policy = access.startsWith('Account.');
  const inTeam = teamScopedIds(fixture).some((id) => bodyText.includes(id));
  if (policy || inTeam) {
    // The Member belongs to the tenant's first team, not to the fixture's. A read may answer an
    // empty list (a search filtered on a plan one cannot see) but never the team's rows.
    const refused = status(policy ? [403] : [403, 404]);
    const check =
      write || policy
        ? refused
        : (response: TestResponse) =>
            response.status === 200 ? expect(leaked(response, teamScopedIds(fixture)), response.text).toEqual([]) : refused(response);
    cases.push({ caller: 'Member outside the team', token: () => homeTokens.get('member'), check });
  }
  if (write && !SELF_SERVICE_PATHS.has(path)) {
    cases.push({ caller: 'Viewer writing', token: () => homeTokens.get('viewer'), check: status([403]) });
    // A read-write API token holds at most its creator's rights (DESIGN.md §18).
    cases.push({
      caller: "Viewer's read-write API token",
      token: () => createApiToken(t, home, 'viewer', 'read-write'),
      check: status([403]),
    });
  }
  // A read API token is refused every write, even its Owner's (403 "This API token can only read.").
  if (write) cases.push({ caller: "Owner's read API token", token: () => createApiToken(t, home, 'owner', 'read'), check: status([403]) });
  // No API token manages tokens, sign-in, people or billing.
  if (isSessionOnlyRoute(operation.def)) {
    cases.push({
      caller: "Owner's read-write API token on the account's security",
      token: () => createApiToken(t, home, 'owner', 'read-write'),
      check: status([403]),
    });
  }
  // Inside the team, the role × permission table decides (issue 28 A6): every role it leaves out of
  // the route's permission is refused, e.g. a Planner deleting a play, which only Leads may.
  const { permission } = operation.def;
  if (permission) {
    for (const member of insiders) {
      if (isAllowed(member.role, permission)) continue;
      const caller = `${member.role === 'lead' ? 'Lead' : 'Planner'} inside the team attempting ${permission}`;
      cases.push({ caller, token: async () => (await login(t, member.email)).AccessToken, check: status([403]) });
    }
  }
  // Tenant policies and team permissions an Admin does not hold (Account.Billing is the Owner's).
  const adminRefused = policy ? !isPolicyGranted(access, 'admin', 'performance') : permission && !isAllowed('admin', permission);
  if (adminRefused) {
    cases.push({
      caller: `Admin on the Owner-only ${policy ? access : permission}`,
      token: () => homeTokens.get('admin'),
      check: status([403]),
    });
  }
  return cases;
};

/** Callers that may be answered, but must never be shown the home tenant's rows they cannot see. */
const scannedCases = (operation: ContractOperation, fixture: EntityFixture, body: unknown): Case[] => {
  const bodyText = JSON.stringify(body ?? null);
  const carriesHomeIds = idsOf(fixture, home).some((id) => bodyText.includes(id));
  const cases: Case[] = [];
  if (!carriesHomeIds || !isWrite(operation)) {
    cases.push({
      caller: "other tenant's Owner",
      token: () => otherTokens.get('owner'),
      check: (response) => {
        expect(response.status, response.text).toBeLessThan(500);
        if (carriesHomeIds && response.status !== 200) expect(response.status, response.text).toBe(404);
        expect(leaked(response, idsOf(fixture, home)), response.text).toEqual([]);
      },
    });
    cases.push({
      caller: "other tenant's Owner's read-write API token",
      token: () => createApiToken(t, other, 'owner', 'read-write'),
      check: (response) => {
        expect(response.status, response.text).toBeLessThan(500);
        expect(leaked(response, idsOf(fixture, home)), response.text).toEqual([]);
      },
    });
  }
  if (!operation.def.access.startsWith('Account.') && !teamScopedIds(fixture).some((id) => bodyText.includes(id))) {
    cases.push({
      caller: 'Member outside the team',
      token: () => homeTokens.get('member'),
      check: (response) => {
        expect(response.status, response.text).toBeLessThan(500);
        expect(leaked(response, teamScopedIds(fixture)), response.text).toEqual([]);
      },
    });
  }
  return cases;
};

const call = async (operation: ContractOperation, body: unknown, token: string | undefined) =>
  t.request({
    method: operation.method,
    url: operation.def.path,
    ...(operation.method === 'POST' ? { body: body ?? {} } : {}),
    ...(token ? { token } : {}),
  });

/** Each case's token, taken before the calls: signing in again writes a refresh token. */
const withTokens = async (cases: Case[]) => {
  const ready: (Case & { bearer: string | undefined })[] = [];
  for (const item of cases) ready.push({ ...item, bearer: await item.token() });
  return ready;
};

const runCases = async (operation: ContractOperation, body: unknown, cases: (Case & { bearer: string | undefined })[]) => {
  for (const { caller, bearer, check } of cases) {
    const response = await call(operation, body, bearer);
    try {
      check(response);
    } catch (error) {
      throw new Error(`${operationLabel(operation)} as ${caller}: ${(error as Error).message}`);
    }
  }
};

describe('every protected operation of the contract', () => {
  it('are many: the route tables were found', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('every write inside a team declares the permission the role × permission table rules on', () => {
    // Account.* writes are ruled by tenant policies; deleting a comment or a note by authorship.
    const byAuthorship = new Set(['/api/CommentClient/Delete', '/api/ActivityClient/Delete']);
    const undeclared = operations
      .filter((operation) => isWrite(operation) && !SELF_SERVICE_PATHS.has(operation.def.path))
      .filter((operation) => !operation.def.access.startsWith('Account.') && !byAuthorship.has(operation.def.path))
      .filter((operation) => !operation.def.permission)
      .map(operationLabel);
    expect(undeclared).toEqual([]);
  });

  it('has Lead-only operations, each refused to a Planner inside the team', () => {
    const leadOnly = operations.filter((operation) => operation.def.permission && !isAllowed('planner', operation.def.permission));
    expect(leadOnly.map((operation) => operation.def.path)).toEqual(
      expect.arrayContaining(['/api/PlaybookClient/Delete', '/api/MarketingPlanClient/Delete']),
    );
  });

  it.each(operations.map((operation) => [operationLabel(operation), operation] as const))(
    '%s refuses every caller outside its rules and changes nothing',
    async (_label, operation) => {
      const fixture = await createEntityFixture(t, home);
      for (const member of insiders) await joinFixtureTeam(t, home, fixture, member);
      const body = operation.def.body
        ? validBody(operation.def.body, fixtureValues(operation.def.path, fixture, home, productId))
        : undefined;

      const refused = await withTokens(refusedCases(operation, fixture, body));
      const before = await snapshotTenant(t.database, home.id);
      await runCases(operation, body, refused);
      expect(await snapshotTenant(t.database, home.id)).toEqual(before);

      await runCases(operation, body, await withTokens(scannedCases(operation, fixture, body)));
    },
  );
});
