// List filters by custom field (issue 33 item 3): GetExpenses (rows and totals) and GetBudgetItems.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';
import type { StoredCustomFields } from '../../schema/custom-fields.ts';
import { expenses } from '../../schema/expenses.ts';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let token: string;
const fields = { region: '', tags: '', note: '', units: '', due: '', channel: '', owner: '', foreign: '' };
let planId = '';
let itemIds = { web: '', both: '', none: '' };
let expenseIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Field filters' });
  other = await createTenant(t, { name: 'Other filters' });
  const admin = await tenant.tokenFor('admin');
  token = await tenant.tokenFor('member');
  const field = async (body: Record<string, unknown>) =>
    (await t.post('/api/CustomFieldClient/Save', body, admin)).body.Result.Id as string;
  fields.region = await field({ Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] });
  fields.tags = await field({ Entity: 'Expense', Name: 'Tags', Type: 'MultiSelect', Options: ['Web', 'Email', 'Events'] });
  fields.note = await field({ Entity: 'Expense', Name: 'Note', Type: 'Text' });
  fields.units = await field({ Entity: 'Expense', Name: 'Units', Type: 'Number' });
  fields.due = await field({ Entity: 'Expense', Name: 'Due', Type: 'Date' });
  fields.channel = await field({ Entity: 'BudgetItem', Name: 'Channel', Type: 'MultiSelect', Options: ['Web', 'Email', 'Events'] });
  fields.owner = await field({ Entity: 'BudgetItem', Name: 'Owner note', Type: 'Text' });
  fields.foreign = (
    await t.post(
      '/api/CustomFieldClient/Save',
      { Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA'] },
      await other.tokenFor('admin'),
    )
  ).body.Result.Id;

  const plan = await createPlan(t, tenant, { startDate: '2027-01-01', endDate: '2027-12-31' });
  planId = plan.id;
  const category = await createCategory(t, tenant, { name: 'Events', categoryType: 1 });
  const item = (name: string) => createItem(t, tenant, { planId, categoryId: category.id, amountCents: 100_000, name });
  itemIds = { web: (await item('Web ads')).id, both: (await item('Email and web')).id, none: (await item('Nothing')).id };
  const setItem = (id: string, values: StoredCustomFields) =>
    t.ctx.db.update(budgetItems).set({ customFields: values }).where(eq(budgetItems.id, id));
  await setItem(itemIds.web, { [fields.channel]: ['Web'], [fields.owner]: 'Ana Lopez' });
  await setItem(itemIds.both, { [fields.channel]: ['Web', 'Email'] });

  // Whole months of a plan: without a Fields filter the totals would come from expense_sums.
  const add = async (key: string, amountCents: number, status: 1 | 2 | 3, values: StoredCustomFields) => {
    const row = await createExpenseRow(t, tenant, { planId, itemId: itemIds.web, amountCents, status, purchaseDate: '2027-03-31' });
    await t.ctx.db.update(expenses).set({ customFields: values }).where(eq(expenses.id, row.id));
    expenseIds[key] = row.id;
  };
  expenseIds = {};
  await add('emea', 1_999, 3, {
    [fields.region]: 'EMEA',
    [fields.tags]: ['Web', 'Email'],
    [fields.note]: 'Booth at Dreamforce',
    [fields.units]: 10,
    [fields.due]: '2027-03-31',
  });
  await add('na', 50, 2, {
    [fields.region]: 'NA',
    [fields.tags]: ['Events'],
    [fields.note]: 'dreamforce travel',
    [fields.units]: 10.5,
    [fields.due]: '2027-04-01',
  });
  await add('apac', 1, 1, { [fields.region]: 'APAC', [fields.tags]: ['Email'], [fields.units]: 9.99 });
  await add('empty', 100_000, 3, {});
});
afterAll(async () => t.close());

const list = (Fields: unknown, extra: Record<string, unknown> = {}) =>
  t.post(
    '/api/ExpenseClient/GetExpenses',
    { MarketingPlanId: planId, DateFrom: '2027-03-01', DateTo: '2027-03-31', Fields, ...extra },
    token,
  );
const ids = (body: { Result: { Items: { Id: string }[] } }) =>
  body.Result.Items.map((item) => Object.entries(expenseIds).find(([, id]) => id === item.Id)?.[0]).sort();

describe('GetExpenses Fields filter (issue 33 item 3)', () => {
  it('Select matches any of the options, and the totals are exact to the cent (not the sums of the whole plan)', async () => {
    const response = await list([{ FieldId: fields.region, Values: ['EMEA', 'NA'] }]);
    expect(response.status, response.text).toBe(200);
    expect(ids(response.body)).toEqual(['emea', 'na']);
    expect(response.body.Result.Totals).toMatchObject({ Count: 2, Amount: 20.49, Actual: 19.99, Committed: 0.5, Planned: 0 });
    const all = await list(undefined);
    expect(all.body.Result.Totals).toMatchObject({ Count: 4, Amount: 1020.5 });
  });

  it('MultiSelect matches a row holding any of the options; an option no row has matches nothing', async () => {
    expect(ids((await list([{ FieldId: fields.tags, Values: ['Email'] }])).body)).toEqual(['apac', 'emea']);
    expect(ids((await list([{ FieldId: fields.tags, Values: ['Events', 'Web'] }])).body)).toEqual(['emea', 'na']);
    const none = await list([{ FieldId: fields.region, Values: ['LATAM'] }]);
    expect(none.status).toBe(200);
    expect(none.body.Result.Items).toEqual([]);
    expect(none.body.Result.Totals).toMatchObject({ Count: 0, Amount: 0 });
  });

  it('Text contains ignoring case; filters combine with AND and with the other filters', async () => {
    expect(ids((await list([{ FieldId: fields.note, Values: ['DREAMFORCE'] }])).body)).toEqual(['emea', 'na']);
    expect(
      ids(
        (
          await list([
            { FieldId: fields.note, Values: ['force'] },
            { FieldId: fields.tags, Values: ['Web'] },
          ])
        ).body,
      ),
    ).toEqual(['emea']);
    expect(ids((await list([{ FieldId: fields.note, Values: ['force'] }], { Status: 2 })).body)).toEqual(['na']);
    expect(ids((await list([{ FieldId: fields.note, Values: ['50%'] }])).body)).toEqual([]);
  });

  it('Number and Date take one value (equal) or [From, To] inclusive with "" as an open end', async () => {
    expect(ids((await list([{ FieldId: fields.units, Values: ['10'] }])).body)).toEqual(['emea']);
    expect(ids((await list([{ FieldId: fields.units, Values: ['9.99', '10'] }])).body)).toEqual(['apac', 'emea']);
    expect(ids((await list([{ FieldId: fields.units, Values: ['10.01', ''] }])).body)).toEqual(['na']);
    expect(ids((await list([{ FieldId: fields.due, Values: ['', '2027-03-31'] }])).body)).toEqual(['emea']);
    expect(ids((await list([{ FieldId: fields.due, Values: ['2027-04-01'] }])).body)).toEqual(['na']);
  });

  it('answers 400 for empty Values, a bad number or date, or a budget item field; 404 for another tenant’s field', async () => {
    const empty = await list([{ FieldId: fields.region, Values: [] }]);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('at least one value');
    expect((await list([{ FieldId: fields.units, Values: ['12a'] }])).text).toContain('Units must be filtered by numbers.');
    expect((await list([{ FieldId: fields.due, Values: ['2027-02-30'] }])).status).toBe(400);
    const wrongEntity = await list([{ FieldId: fields.channel, Values: ['Web'] }]);
    expect(wrongEntity.status).toBe(400);
    expect(wrongEntity.text).toContain('Channel is not a field of expenses.');
    expect((await list([{ FieldId: fields.foreign, Values: ['EMEA'] }])).status).toBe(404);
  });
});

describe('GetBudgetItems Fields filter (issue 33 item 3)', () => {
  const items = (Fields: unknown) => t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: planId, Fields }, token);

  it('MultiSelect any-of and Text contains pick the items; no filter lists them all', async () => {
    const names = (body: { Result: { Name: string }[] }) => body.Result.map((item) => item.Name).sort();
    expect(names((await items(undefined)).body)).toEqual(['Email and web', 'Nothing', 'Web ads']);
    expect(names((await items([{ FieldId: fields.channel, Values: ['Web'] }])).body)).toEqual(['Email and web', 'Web ads']);
    expect(names((await items([{ FieldId: fields.channel, Values: ['Email', 'Events'] }])).body)).toEqual(['Email and web']);
    expect(names((await items([{ FieldId: fields.channel, Values: ['Events'] }])).body)).toEqual([]);
    expect(names((await items([{ FieldId: fields.owner, Values: ['lopez'] }])).body)).toEqual(['Web ads']);
  });

  it('answers 404 for another tenant’s field and 400 for an expense field or empty Values', async () => {
    expect((await items([{ FieldId: fields.foreign, Values: ['EMEA'] }])).status).toBe(404);
    expect((await items([{ FieldId: fields.region, Values: ['EMEA'] }])).status).toBe(400);
    expect((await items([{ FieldId: fields.channel, Values: [] }])).status).toBe(400);
  });
});
