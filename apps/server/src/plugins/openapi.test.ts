import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations } from '../../test/contract-routes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the generated OpenAPI document is read as plain JSON; the lint below checks its shape.
let document: any;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.get('/api/docs/json')).body;
});
afterAll(async () => t.close());

const operationsOf = (doc: typeof document): { path: string; method: string; operation: Record<string, unknown> }[] =>
  Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, and no warning but the missing license", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const lines = problems
      // Plansmith is not published under a licence: there is none to name in `info.license`.
      .filter((problem) => !(problem.severity === 'warn' && problem.ruleId.startsWith('info-license')))
      .map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(lines).toEqual([]);
  });

  it('names every operation once, after its contract path (Client_Method), so generated clients name methods after them', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(contractOperations().length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/BudgetItemClient/GetPlanMonths'].post.operationId).toBe('BudgetItemClient_GetPlanMonths');
  });

  it('writes a nullable union of numbers as one nullable enum, the way OpenAPI 3.0 reads it', () => {
    const saveLookup = document.paths['/api/LookupClient/Save'].post.requestBody.content['application/json'].schema;
    expect(saveLookup.properties.CategoryType).toEqual({ type: 'number', enum: [1, 2, 3], nullable: true });
  });

  it('documents the 409 of a stale Version on the writes that carry one, and on no read', () => {
    const operations = operationsOf(document);
    const save = operations.find((entry) => entry.path === '/api/ExpenseClient/Save')?.operation as {
      responses: Record<string, { description: string }>;
    };
    expect(save.responses['409']?.description).toMatch(/^The row changed since the Version sent was read/);
    const read = operations.find((entry) => entry.path === '/api/ExpenseClient/GetExpense')?.operation as {
      responses: Record<string, unknown>;
    };
    expect(read.responses['409']).toBeUndefined();
  });

  it('declares the tags its operations use, and where the API is served', () => {
    const declared = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    const used = new Set(operationsOf(document).flatMap(({ operation }) => (operation.tags as string[] | undefined) ?? []));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect(operationsOf(document).every(({ operation }) => ((operation.tags as string[] | undefined) ?? []).length > 0)).toBe(true);
    expect(document.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
  });
});
