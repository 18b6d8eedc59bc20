import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities } from '../../schema/activities.ts';
import { importRows } from '../../schema/imports.ts';
import { base64, COMMIT, EXPENSES_CSV, PREVIEW, previewBody, setup, UNDO } from '../../../test/imports-fixture.ts';
import { createExpenseRow } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { COMMIT_CHUNK_ROWS } from './commit-rows.ts';
import { expenseKeyFieldsJson } from './imports.repository.ts';

// Issue 29: the Preview and Commit bodies (the file as base64 in JSON, up to ~13 MB) are parsed,
// checked and decoded in a worker thread, not by Fastify's JSON parser on the request thread. What
// a client sees stays the same: these are the answers of the app's own JSON parser and validator.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const raw = (url: string, body: string, token: string) =>
  t.request({ url, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });

describe('the import routes’ request body, read off the request thread', () => {
  it('answers malformed JSON with 400 “not valid JSON”, on Preview and Commit', async () => {
    const { token } = await setup(t);
    for (const url of [PREVIEW, COMMIT]) {
      const response = await raw(url, '{"Kind":"Expenses","ContentBase64":', token);
      expect(response.status).toBe(400);
      expect(response.body.Result).toBeNull();
      expect(response.body.Message).toBe('The request body is not valid JSON.');
    }
  });

  it('answers an empty body with 400 “empty”', async () => {
    const { token } = await setup(t);
    const response = await raw(PREVIEW, '', token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('The request body is empty.');
  });

  it('refuses a body that would poison the prototype, as the app’s JSON parser does', async () => {
    const { plan, token } = await setup(t);
    const body = JSON.stringify(previewBody(plan.id)).replace(/^\{/, '{"__proto__":{"isAdmin":true},');
    const response = await raw(PREVIEW, body, token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('The request body is not valid JSON.');
  });

  it('answers the schema’s messages and fields for invalid fields', async () => {
    const { plan, token } = await setup(t);
    const { ContentBase64: _, ...withoutFile } = previewBody(plan.id);
    const missing = await t.post(PREVIEW, withoutFile, token);
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe('ContentBase64 is required.');
    expect(missing.body.Errors).toEqual([{ Field: 'ContentBase64', Message: 'ContentBase64 is required.' }]);
    const wrong = await t.post(COMMIT, { ...previewBody(plan.id), Kind: 'Plans', SkipDuplicates: 'yes' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe('Kind must be Expenses or BudgetItems.');
    expect(wrong.body.Errors.map((error: { Field: string }) => error.Field)).toEqual(['Kind', 'SkipDuplicates']);
  });

  it('names a NUL character in ContentBase64 as it does in any field', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), ContentBase64: `${base64('a,b')}\u0000` }, token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('ContentBase64 must not contain a NUL character (\\u0000).');
  });

  it('checks who calls before reading the body: 401 without a token, 404 for another tenant’s plan', async () => {
    const anonymous = await t.request({ url: PREVIEW, body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(anonymous.status).toBe(401);
    const { plan } = await setup(t);
    const other = await setup(t);
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), ContentBase64: '%%% not base64 %%%' }, other.token);
    expect(response.status).toBe(404);
  });

  it('answers 400 naming ContentBase64 when it is not base64', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), ContentBase64: '%%% not base64 %%%' }, token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('ContentBase64 is not base64.');
  });

  it('previews and commits the same file as before', async () => {
    const { plan, token } = await setup(t);
    const preview = await t.post(PREVIEW, previewBody(plan.id, EXPENSES_CSV), token);
    expect(preview.status).toBe(200);
    const commit = await t.post(COMMIT, { ...previewBody(plan.id, EXPENSES_CSV), SkipDuplicates: true }, token);
    expect(commit.status).toBe(200);
    expect(commit.body.Result.Created).toBe(preview.body.Result.Counts.Valid - preview.body.Result.Counts.Duplicates);
  });
});

describe('what the request thread does with a big body', () => {
  it('does not parse the JSON that carries the file (the worker does)', async () => {
    const { plan, token } = await setup(t);
    const body = JSON.stringify({
      ...previewBody(plan.id),
      FileName: 'big.xlsx',
      ContentBase64: randomBytes(2 * 1024 * 1024).toString('base64'),
    });
    let longest = 0;
    const parse = JSON.parse;
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((text, reviver) => {
      longest = Math.max(longest, String(text).length);
      return parse(text, reviver);
    });
    try {
      const response = await raw(PREVIEW, body, token);
      expect(response.status).toBe(400);
    } finally {
      spy.mockRestore();
    }
    // Before: Fastify's parser read all 2.8 MB here. Now nothing near the file's size is parsed on this thread.
    expect(longest).toBeLessThan(64 * 1024);
  });
});

describe('a commit and its undo in chunks', () => {
  it('writes and removes 2,500 rows (three chunks of COMMIT_CHUNK_ROWS = 1,000) with one import row and one activity each', async () => {
    const { plan, token } = await setup(t);
    expect(COMMIT_CHUNK_ROWS).toBe(1_000);
    const csv = [
      'Purchase date,Payee,Amount,Budget item',
      ...Array.from({ length: 2_500 }, (_, index) => `2026-03-01,Vendor ${index},${10 + index},Paid search`),
    ].join('\n');
    const commit = await t.post(COMMIT, { ...previewBody(plan.id, csv), SkipDuplicates: true }, token);
    expect(commit.status).toBe(200);
    expect(commit.body.Result).toMatchObject({ Created: 2_500, Skipped: 0 });
    const importId = commit.body.Result.ImportId as string;
    const [rows] = await t.ctx.db.select({ n: count() }).from(importRows).where(eq(importRows.importId, importId));
    expect(rows?.n).toBe(2_500);
    const logged = async (action: 'create' | 'delete') => {
      const [row] = await t.ctx.db
        .select({ n: count() })
        .from(activities)
        .where(and(eq(activities.marketingPlanId, plan.id), eq(activities.entityType, 'Expense'), eq(activities.action, action)));
      return row?.n;
    };
    expect(await logged('create')).toBe(2_500);
    const undo = await t.post(UNDO, { ImportId: importId }, token);
    expect(undo.status).toBe(200);
    expect(undo.body.Result.Removed).toBe(2_500);
    expect(await logged('delete')).toBe(2_500);
  });
});

describe('the plan’s expenses for duplicate keys', () => {
  it('come in pages that together hold every expense of the plan once', async () => {
    const { tenant, plan, search } = await setup(t);
    for (let index = 0; index < 4; index += 1)
      await createExpenseRow(t, tenant, { planId: plan.id, itemId: search.id, amountCents: 100 + index, payee: `Payee ${index}` });
    const pages = await expenseKeyFieldsJson(t.ctx.db, tenant.id, plan.id, 2);
    expect(pages).toHaveLength(3);
    const rows = pages.flatMap((page) => JSON.parse(page) as unknown[][]);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row[3])).size).toBe(5);
    expect(rows.find((row) => row[2] === 'Google')).toEqual([null, '2026-02-01', 'Google', 50_000, search.id]);
  });
});
