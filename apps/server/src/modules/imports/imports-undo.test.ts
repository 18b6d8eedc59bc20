import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { imports } from '../../schema/imports.ts';
import { COMMIT, countRows, EXPENSES_CSV, LIST, PREVIEW, UNDO, base64, previewBody, setup } from '../../../test/imports-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('undoing an import', () => {
  const commit = async (planId: string, token: string, csv = EXPENSES_CSV) =>
    (await t.post(COMMIT, { ...previewBody(planId, csv), SkipDuplicates: true }, token)).body.Result.ImportId as string;

  it('removes exactly what the import created, once', async () => {
    const { plan, existing, token } = await setup(t);
    const importId = await commit(plan.id, token);
    t.clock.advance(1000);
    const response = await t.post(UNDO, { ImportId: importId }, token);
    expect(response.status).toBe(200);
    expect(response.body.Result).toEqual({ ImportId: importId, Removed: 2 });
    const left = await t.ctx.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.marketingPlanId, plan.id));
    expect(left).toEqual([{ id: existing.id }]);
    const [record] = (await t.post(LIST, { MarketingPlanId: plan.id }, token)).body.Result;
    expect(record.UndoneAt).not.toBeNull();
    const again = await t.post(UNDO, { ImportId: importId }, token);
    expect(again.status).toBe(409);
    expect(again.body.Message).toMatch(/already undone/);
  });

  it('answers 409 naming the row when one was changed since, with its kind and id to link to, and removes nothing', async () => {
    const { plan, token } = await setup(t);
    const importId = await commit(plan.id, token);
    const [created] = await t.ctx.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.marketingPlanId, plan.id), eq(expenses.name, 'Venue deposit')));
    t.clock.advance(60_000);
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: created?.id,
        Version: created?.version,
        Name: created?.name,
        MarketingPlanId: plan.id,
        BudgetItemId: created?.budgetItemId,
        PurchaseDate: created?.purchaseDate,
        Amount: 250,
        CategoryType: 2,
        Status: 3,
      },
      token,
    );
    expect(saved.status).toBe(200);
    const before = await countRows(t, plan.id);
    const response = await t.post(UNDO, { ImportId: importId }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe(
      'Row 3 of costs.csv (“Venue deposit”) was changed after the import. Undo would lose that change, so nothing was removed.',
    );
    expect(response.body.Conflict).toEqual({ Entity: 'Expense', Id: created?.id });
    expect(await countRows(t, plan.id)).toEqual(before);
  });

  it('refuses to remove imported budget items that have expenses since, naming the item by id', async () => {
    const { tenant, plan, token } = await setup(t);
    const body = {
      Kind: 'BudgetItems',
      MarketingPlanId: plan.id,
      FileName: 'items.csv',
      ContentBase64: base64('Name,Category,Amount\nBillboards,Paid media,100\n'),
      SkipDuplicates: true,
    };
    const { ImportId } = (await t.post(COMMIT, body, token)).body.Result;
    const [item] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Billboards'));
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item?.id ?? '', amountCents: 100 });
    const response = await t.post(UNDO, { ImportId }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toContain('Row 2 of items.csv (“Billboards”) has an expense recorded against it');
    expect(response.body.Conflict).toEqual({ Entity: 'BudgetItem', Id: item?.id });
  });
});

describe('who may import', () => {
  it('refuses a team Viewer (403) and a Member outside the team (404), writing nothing', async () => {
    const { tenant, plan, token } = await setup(t);
    const importId = (await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: true }, token)).body.Result.ImportId;
    const before = await countRows(t, plan.id);
    const viewer = await tenant.tokenFor('viewer');
    expect((await t.post(PREVIEW, previewBody(plan.id), viewer)).status).toBe(403);
    expect((await t.post(COMMIT, previewBody(plan.id), viewer)).status).toBe(403);
    expect((await t.post(UNDO, { ImportId: importId }, viewer)).status).toBe(403);
    const outsider = await tenant.tokenFor('outsider');
    expect((await t.post(COMMIT, previewBody(plan.id), outsider)).status).toBe(404);
    expect((await t.post(LIST, { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    expect(await countRows(t, plan.id)).toEqual(before);
  });

  it('answers another tenant’s owner 404 on every route, and nothing changes', async () => {
    const { plan, token } = await setup(t);
    const importId = (await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: true }, token)).body.Result.ImportId;
    const before = await countRows(t, plan.id);
    const stranger = await (await createTenant(t)).tokenFor('owner');
    for (const [url, body] of [
      [PREVIEW, previewBody(plan.id)],
      [COMMIT, previewBody(plan.id)],
      [LIST, { MarketingPlanId: plan.id }],
      [UNDO, { ImportId: importId }],
    ] as const) {
      const response = await t.post(url, body, stranger);
      expect(response.status, url).toBe(404);
    }
    expect(await countRows(t, plan.id)).toEqual(before);
    const [record] = await t.ctx.db.select().from(imports).where(eq(imports.id, importId));
    expect(record?.undoneAt).toBeNull();
  });

  it('answers 409 for an archived plan', async () => {
    const { tenant, media } = await setup(t);
    const archived = await createPlan(t, tenant, { state: 2 });
    await createItem(t, tenant, { planId: archived.id, categoryId: media.id, amountCents: 100, name: 'Paid search' });
    const response = await t.post(COMMIT, previewBody(archived.id), await tenant.tokenFor('owner'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toMatch(/archived/);
  });
});

describe('request limits', () => {
  it('takes a body over the app’s 100 KB on the import routes', async () => {
    const { plan, token } = await setup(t);
    const csv = `Date,Amount,Budget item,Payee\n${'2026-04-01,10,Paid search,Acme with a long payee name to make the file big\n'.repeat(4000)}`;
    expect(csv.length).toBeGreaterThan(200_000);
    const response = await t.post(PREVIEW, previewBody(plan.id, csv), token);
    expect(response.status).toBe(200);
    expect(response.body.Result.Counts).toMatchObject({ Rows: 4000, Duplicates: 3999 });
  });

  it('answers 413 naming the 10 MB limit for a larger file', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), ContentBase64: 'A'.repeat(15 * 1024 * 1024) }, token);
    expect(response.status).toBe(413);
    expect(response.body.Message).toContain('10 MB');
  });

  it('answers 415 for a file type it cannot read', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), FileName: 'budget.pdf' }, token);
    expect(response.status).toBe(415);
    expect(response.body.Message).toMatch(/Only .csv and .xlsx/);
  });
});
