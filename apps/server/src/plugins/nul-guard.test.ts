import { EMPTY_ID } from '@plansmith/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/factories.ts';
import { createPlan } from '../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerErrorHandling } from './errors.ts';
import { findNulFields } from './nul-guard.ts';

let t: TestApp;
let tenant: TestTenant;
let planId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  planId = (await createPlan(t, tenant)).id;
});
afterAll(async () => {
  await t.close();
});

const countRows = async (table: 'teams' | 'marketing_plans' | 'comments') =>
  (await t.database.queryRows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenant.id]))[0]?.n;

describe('a NUL character (\\u0000) in a text field', () => {
  const cases = [
    { url: '/api/TeamClient/Save', field: 'Name', table: 'teams', body: () => ({ Id: EMPTY_ID, Name: 'Growth\u0000' }) },
    { url: '/api/TeamClient/List', field: 'Name', body: () => ({ Name: 'Gr\u0000' }) },
    {
      url: '/api/MarketingPlanClient/Save',
      field: 'Name',
      table: 'marketing_plans',
      body: () => ({ Id: EMPTY_ID, Name: 'Plan\u0000 2027', TeamId: tenant.teamId }),
    },
    { url: '/api/ExpenseClient/SearchExpenses', field: 'Query', body: () => ({ Query: 'inv\u0000' }) },
    { url: '/api/BudgetItemClient/SearchBudgetItems', field: 'Query', body: () => ({ Query: '\u0000ads' }) },
    {
      url: '/api/CommentsClient/Save',
      field: 'Description',
      table: 'comments',
      body: () => ({ Id: EMPTY_ID, EntityType: 'MarketingPlan', EntityId: planId, Description: 'Looks good\u0000' }),
    },
  ] as const;

  it.each(cases)('is a 400 naming the field on $url, and nothing is written', async ({ url, field, body, ...rest }) => {
    const table = 'table' in rest ? rest.table : undefined;
    const before = table ? await countRows(table) : undefined;
    const response = await t.post(url, body(), await tenant.tokenFor('owner'));
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([{ Field: field, Message: `${field} must not contain a NUL character (\\u0000).` }]);
    expect(response.body.Message).toMatch(/NUL character/);
    if (table) expect(await countRows(table)).toBe(before);
  });

  it('is refused in a query string too', async () => {
    const response = await t.request({ method: 'GET', url: '/api/identity/token/valid?note=a%00b', token: await tenant.tokenFor('owner') });
    expect(response.status).toBe(400);
    expect(response.body.Errors[0].Field).toBe('note');
  });

  it('names nested fields and keys by their dotted path', () => {
    expect(findNulFields({ Name: 'ok', Months: [{ Note: 'a' }, { Note: 'b\u0000' }], Tags: { 'x\u0000': 1 } })).toEqual([
      'Months.1.Note',
      'Tags',
    ]);
    expect(findNulFields('raw\u0000')).toEqual(['body']);
    expect(findNulFields({ Name: 'clean', Amount: 3, Nested: { Deep: ['fine'] } })).toEqual([]);
  });
});

describe('the database refusing a value as a backstop', () => {
  it('answers 400, not 500, when PostgreSQL rejects a NUL in text (22021) or jsonb (22P05)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/text', async () => t.database.queryRows('SELECT $1::text AS value', ['a\u0000b']));
    app.post('/json', async () => t.database.queryRows('SELECT $1::jsonb AS value', ['{"a":"\\u0000"}']));
    try {
      for (const url of ['/text', '/json']) {
        const response = await app.inject({ method: 'POST', url });
        expect(response.statusCode).toBe(400);
        expect(response.json().Message).toBe('A text value contains a character that cannot be stored.');
      }
    } finally {
      await app.close();
    }
  });
});
