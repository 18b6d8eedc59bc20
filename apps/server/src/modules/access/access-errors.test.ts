import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { comments } from '../../schema/comments.ts';
import { objectives } from '../../schema/objectives.ts';

// Issue 16 part 1: an access check that fails for another reason than "not yours" must not answer 404.
let t: TestApp;
let acme: TestTenant;
let token: string;
const logLines: string[] = [];
const ids = { planId: '', itemId: '', expenseId: '', commentId: '', noteId: '', objectiveId: '' };

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'error' }, logStream: { write: (line) => logLines.push(line) } });
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
  const { plan, item } = await createPlanWithItem(t, acme);
  const expense = await createExpenseRow(t, acme, { planId: plan.id, itemId: item.id, amountCents: 10_000 });
  ids.planId = plan.id;
  ids.itemId = item.id;
  ids.expenseId = expense.id;
  ids.commentId = newId();
  await t.ctx.db.insert(comments).values({
    tenantId: acme.id,
    id: ids.commentId,
    entityType: 'BudgetItem',
    entityId: item.id,
    marketingPlanId: plan.id,
    authorId: acme.users.owner.id,
    description: 'Check the invoice',
  });
  ids.noteId = newId();
  await t.ctx.db.insert(activities).values({
    tenantId: acme.id,
    id: ids.noteId,
    entityType: 'BudgetItem',
    entityId: item.id,
    marketingPlanId: plan.id,
    actorId: acme.users.owner.id,
    action: 'note',
    description: 'Call the agency',
  });
  ids.objectiveId = newId();
  await t.ctx.db.insert(objectives).values({
    tenantId: acme.id,
    id: ids.objectiveId,
    marketingPlanId: plan.id,
    name: 'Leads',
    targetValue: 100,
    startDate: plan.startDate,
    endDate: plan.endDate,
  });
});
afterAll(async () => t.close());

/** Runs `work` while a table is renamed away, so every statement on it fails with "relation does not exist". */
const withTableGone = async <T>(table: string, work: () => Promise<T>): Promise<T> => {
  await t.database.queryRows(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await work();
  } finally {
    await t.database.queryRows(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
};

const expectLoggedServerError = (response: TestResponse) => {
  expect(response.status).toBe(500);
  expect(response.body.Message).toBe('Something went wrong on our side. Please try again.');
  expect(response.body.RequestId).toBe(response.headers['x-request-id']);
  const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === response.body.RequestId && entry.level >= 50);
  expect(logged?.msg).toBe('request failed');
};

describe('a failing query inside an access check', () => {
  // Each route's lookup of its own record works; only the plan behind it cannot be read.
  const routes: [string, string, () => Record<string, unknown>][] = [
    ['GetBudgetItem', '/api/BudgetItemClient/GetBudgetItem', () => ({ BudgetItemId: ids.itemId })],
    ['GetBudgetItems of an objective', '/api/BudgetItemClient/GetBudgetItems', () => ({ ObjectiveId: ids.objectiveId })],
    ['BudgetItem Delete', '/api/BudgetItemClient/Delete', () => ({ BudgetItemId: ids.itemId, Version: 1 })],
    ['GetExpense', '/api/ExpenseClient/GetExpense', () => ({ ExpenseId: ids.expenseId })],
    ['GetExpenses of a budget item', '/api/ExpenseClient/GetExpenses', () => ({ BudgetItemId: ids.itemId })],
    ['GetComments of a budget item', '/api/CommentsClient/Get', () => ({ EntityType: 'BudgetItem', EntityId: ids.itemId })],
    ['Comment Delete', '/api/CommentClient/Delete', () => ({ CommentId: ids.commentId, Version: 1 })],
    ['Activity Delete', '/api/ActivityClient/Delete', () => ({ ActivityId: ids.noteId, Version: 1 })],
  ];

  it.each(routes)('%s answers a logged 500 with the request id, not 404', async (_name, url, body) => {
    const response = await withTableGone('marketing_plans', () => t.post(url, body(), token));
    expectLoggedServerError(response);
  });

  it('InitializePaymentSetup answers a logged 500 when the sign-up cannot be read, not 400', async () => {
    const response = await withTableGone('registrations', () =>
      t.post('/guest/paymentregister/InitializePaymentSetup', { ApplicationId: newId() }),
    );
    expectLoggedServerError(response);
  });

  it('still answers 404 for a record that is really not there', async () => {
    const response = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: newId() }, token);
    expect(response.status).toBe(404);
    expect(response.body.Message).toBe('The budget item was not found.');
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After and the request id on an access-checked route, logged', async () => {
    const lines: string[] = [];
    const down = await createTestApp({ config: { logLevel: 'error' }, logStream: { write: (line) => lines.push(line) } });
    const tenant = await createTenant(down);
    const ownerToken = await tenant.tokenFor('owner');
    const { item } = await createPlanWithItem(down, tenant);
    await down.database.close();
    try {
      const response = await down.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: item.id }, ownerToken);
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body.RequestId).toBe(response.headers['x-request-id']);
      expect(response.body.Message).toMatch(/cannot reach its database/);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === response.body.RequestId);
      expect(logged).toMatchObject({ level: 50, msg: 'database unavailable' });
    } finally {
      await down.app.close();
      await down.close().catch(() => undefined);
    }
  });
});
