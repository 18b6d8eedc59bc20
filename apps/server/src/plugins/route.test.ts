import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, operationLabel } from '../../test/contract-routes.ts';
import { createTenant, type TestTenant } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t.close();
});

const protectedOperations = contractOperations().filter((operation) => operation.def.access !== 'anonymous');
const policyOperations = protectedOperations.filter((operation) => operation.def.access.startsWith('Account.'));

// Bodies that fail validation (or JSON parsing) on every route that takes one.
const invalidBodies: { label: string; payload: string }[] = [
  { label: 'an empty object', payload: '{}' },
  { label: 'wrong types', payload: JSON.stringify({ Id: 42, Name: [], MarketingPlanId: false }) },
  { label: 'malformed JSON', payload: '{"Name":' },
];

const send = (method: 'GET' | 'POST', url: string, payload: string | undefined, token?: string) =>
  t.request({
    method,
    url,
    ...(payload !== undefined ? { body: payload, headers: { 'content-type': 'application/json' } } : {}),
    ...(token ? { token } : {}),
  });

describe('addRoute authenticates and applies the access rule before it looks at the body', () => {
  it('covers the contract: every operation is registered', () => {
    expect(protectedOperations.length).toBeGreaterThan(50);
    for (const operation of contractOperations()) {
      expect(t.app.hasRoute({ method: operation.method, url: operation.def.path }), operationLabel(operation)).toBe(true);
    }
  });

  it.each(invalidBodies)('answers 401 to an anonymous caller with $label on every protected operation', async ({ payload }) => {
    const answers = await Promise.all(
      protectedOperations.map(async (operation) => {
        const response = await send(operation.method, operation.def.path, operation.method === 'POST' ? payload : undefined);
        return `${response.status} ${operationLabel(operation)}`;
      }),
    );
    expect(answers.filter((answer) => !answer.startsWith('401'))).toEqual([]);
  });

  it('answers 401 to a token that does not verify, whatever the body', async () => {
    const answers = await Promise.all(
      protectedOperations.map(async (operation) => {
        const response = await send(operation.method, operation.def.path, operation.method === 'POST' ? '{}' : undefined, 'not-a-jwt');
        return `${response.status} ${operationLabel(operation)}`;
      }),
    );
    expect(answers.filter((answer) => !answer.startsWith('401'))).toEqual([]);
  });

  it.each(invalidBodies)('answers 403 to a Member on every Account policy operation with $label', async ({ payload }) => {
    const token = await tenant.tokenFor('member');
    const answers = await Promise.all(
      policyOperations.map(async (operation) => {
        const response = await send(operation.method, operation.def.path, operation.method === 'POST' ? payload : undefined, token);
        return `${response.status} ${operationLabel(operation)}`;
      }),
    );
    expect(policyOperations.length).toBeGreaterThan(10);
    expect(answers.filter((answer) => !answer.startsWith('403'))).toEqual([]);
  });

  it('still validates the body of a caller who passes the access rule', async () => {
    const response = await send('POST', '/api/BudgetItemClient/GetBudgetItems', '{}', await tenant.tokenFor('owner'));
    expect(response.status).toBe(400);
    expect(response.body.Errors[0].Field).toBe('MarketingPlanId');
  });
});
