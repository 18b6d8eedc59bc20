// The generated stale-write suite (issue 30, DESIGN.md §13): every write of the contract whose body
// carries a `Version` is sent once with a version nobody read — it must answer 409 with the row as it
// is now and change nothing — and once with the version the 409 named, which must not be refused as
// stale. A new route with a Version is covered by itself; the list below says which must have one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyProductId, createEntityFixture, fixtureValues } from '../test/authorization-fixture.ts';
import { jsonSchemaOf, validBody } from '../test/body-arbitraries.ts';
import { type ContractOperation, contractOperations, isWrite, operationLabel } from '../test/contract-routes.ts';
import { createTenant, type TestTenant } from '../test/factories.ts';
import { snapshotTenant } from '../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let home: TestTenant;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  // Enterprise: single sign-on's settings (SsoClient/Save) are an Enterprise feature.
  home = await createTenant(t, { name: 'Versions', planCode: 'enterprise' });
  productId = await anyProductId(t);
});
afterAll(async () => t.close());

/** A version no read ever handed out: rows start at 1 and a test tenant's rows are changed a few times. */
const STALE = 999_999;

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };

/** Whether the body (or the rows it lists) carries a Version field. */
const carriesVersion = (schema: JsonSchema | undefined): boolean => {
  if (!schema) return false;
  if (schema.properties && 'Version' in schema.properties) return true;
  return (
    Object.values(schema.properties ?? {}).some(carriesVersion) || carriesVersion(schema.items) || (schema.anyOf ?? []).some(carriesVersion)
  );
};

const versioned = contractOperations().filter(
  (operation) => isWrite(operation) && operation.def.body && carriesVersion(jsonSchemaOf(operation.def.body) as JsonSchema),
);

/** The writes of editable rows DESIGN.md §13 names: each must carry the version it read. */
const MUST_CARRY_VERSION = [
  '/api/ExpenseClient/Save',
  '/api/ExpenseClient/Delete',
  '/api/BudgetItemClient/Save',
  '/api/BudgetItemClient/Delete',
  '/api/BudgetItemClient/SaveMonths',
  '/api/BudgetItemClient/SetMonth',
  '/api/MarketingPlanClient/Save',
  '/api/MarketingPlanClient/Delete',
  '/api/BudgetCategoryClient/Save',
  '/api/BudgetCategoryClient/SaveAll',
  '/api/BudgetCategoryClient/Delete',
  '/api/BudgetCategoryClient/DeleteAll',
  '/api/LookupClient/Save',
  '/api/LookupClient/Delete',
  '/api/TeamClient/Save',
  '/api/TeamClient/Delete',
  '/api/ObjectiveClient/Save',
  '/api/ObjectiveClient/Delete',
  '/api/ObjectiveClient/SaveResult',
  '/api/ObjectiveClient/DeleteResult',
  '/api/FunnelClient/Save',
  '/api/FunnelClient/SaveActuals',
  '/api/ExpectationClient/Save',
  '/api/ActivityClient/Save',
  '/api/ActivityClient/Delete',
  '/api/CommentsClient/Save',
  '/api/CommentClient/Delete',
  '/api/ApprovalClient/SavePolicy',
  '/api/ApprovalClient/Approve',
  '/api/ApprovalClient/Reject',
  '/api/BudgetItemClient/Reallocate',
  '/api/ForecastClient/Save',
  '/api/ExpenseClient/BulkEdit',
  '/api/ExpenseViewClient/Save',
  '/api/ExpenseViewClient/Delete',
  '/api/CampaignClient/Save',
  '/api/CampaignClient/Delete',
  '/api/CampaignClient/Move',
  '/api/SavedReportClient/Save',
  '/api/SavedReportClient/Delete',
  '/api/CustomFieldClient/Save',
  '/api/CustomFieldClient/Delete',
  '/api/CurrencyClient/SaveRates',
  '/api/SsoClient/Save',
  '/api/WebhookClient/Save',
  '/api/WebhookClient/Delete',
];

/**
 * Writes whose body names a whole set of rows as read (not one Version for all): the body that
 * carries the current versions, built from the 409's Result (the current rows that differ).
 */
const CURRENT_BODY: Record<string, (result: Array<{ Id: string; Version: number }>) => unknown> = {
  '/api/BudgetCategoryClient/DeleteAll': (result) => ({
    Categories: result.map((category) => ({ BudgetCategoryId: category.Id, Version: category.Version })),
  }),
};

const bodyFor = async (operation: ContractOperation, version: number) => {
  const fixture = await createEntityFixture(t, home);
  const values = fixtureValues(operation.def.path, fixture, home, productId);
  if (!operation.def.body) throw new Error(`${operation.def.path} has no body`);
  return validBody(operation.def.body, (name) => (name === 'Version' ? version : values(name)));
};

const withVersion = (body: unknown, version: number): unknown => {
  if (Array.isArray(body)) return body.map((entry) => withVersion(entry, version));
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, key === 'Version' ? version : withVersion(value, version)]));
};

describe('every write of an editable row checks the version it read', () => {
  it('covers every write DESIGN.md §13 names', () => {
    expect(versioned.map((operation) => operation.def.path)).toEqual(expect.arrayContaining(MUST_CARRY_VERSION));
  });

  it.each(versioned.map((operation) => [operationLabel(operation), operation] as const))(
    '%s answers 409 with the current row to a stale version, writes nothing, and takes the current one',
    async (_label, operation) => {
      const owner = await home.tokenFor('owner');
      const body = withVersion(await bodyFor(operation, STALE), STALE);
      const before = await snapshotTenant(t.database, home.id);
      const stale = await t.post(operation.def.path, body, owner);
      expect(stale.status, stale.text).toBe(409);
      expect(stale.body.Message).toMatch(/ changed .+ while you were editing\.$/);
      expect(stale.body.Conflict?.Version, stale.text).toEqual(expect.any(Number));
      expect(stale.body.Result, stale.text).not.toBeNull();
      expect(await snapshotTenant(t.database, home.id)).toEqual(before);

      const resend = CURRENT_BODY[operation.def.path]?.(stale.body.Result) ?? withVersion(body, stale.body.Conflict.Version);
      const current = await t.post(operation.def.path, resend, owner);
      // Not refused as stale (another 409, e.g. "a budget item uses it", is the row's own rule).
      expect(current.body.Conflict ?? null, current.text).toBeNull();
      expect(current.body.Message ?? '', current.text).not.toMatch(/while you were editing\.$/);
    },
  );
});
