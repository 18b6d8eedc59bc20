import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, COMMIT, countRows, PREVIEW, setup } from '../../../test/imports-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type PreviewRow = { Row: number; Errors: { Field: string; Message: string }[] };

const body = (kind: 'Expenses' | 'BudgetItems', planId: string, csv: string, extra: Record<string, unknown> = {}) => ({
  Kind: kind,
  MarketingPlanId: planId,
  FileName: 'file.csv',
  ContentBase64: base64(csv),
  ...extra,
});

/** A tenant with one field of every type on the entity; returns the ids by name. */
const fieldsFor = async (tenant: Awaited<ReturnType<typeof setup>>['tenant'], entity: 'Expense' | 'BudgetItem') => {
  const owner = await tenant.tokenFor('owner');
  const add = async (Name: string, Type: string, extra: Record<string, unknown> = {}) => {
    const response = await t.post('/api/CustomFieldClient/Save', { Id: EMPTY_ID, Entity: entity, Name, Type, ...extra }, owner);
    expect(response.status).toBe(200);
    return response.body.Result.Id as string;
  };
  return {
    note: await add('Note', 'Text'),
    units: await add('Units', 'Number'),
    launch: await add('Launch date', 'Date'),
    region: await add('Region', 'Select', { Options: ['EMEA', 'NA', 'APAC'] }),
    channel: await add('Channel', 'MultiSelect', { Options: ['Web', 'Email', 'Events'] }),
  };
};

describe('importing custom fields (DESIGN.md §16)', () => {
  it('offers each Expense field as a column, matched by name ignoring case; a bad value of each type is the row’s error naming the field; good values are stored typed', async () => {
    const { tenant, plan, token } = await setup(t);
    const ids = await fieldsFor(tenant, 'Expense');
    const csv = [
      'Purchase date,Amount,Budget item,Payee,NOTE,units,Launch Date,region,Channel',
      '2026-03-10,19.99,Paid search,Good,  hello ,"1,250.5",2026-02-28,emea,"email, Web"',
      '2026-03-11,1,Paid search,BadNumber,,12a,,,',
      '2026-03-12,1,Paid search,BadDate,,,2026-02-30,,',
      '2026-03-13,1,Paid search,BadSelect,,,,LATAM,',
      '2026-03-14,1,Paid search,BadTags,,,,,"Web, Print"',
      '2026-03-15,1,Paid search,DupTags,,,,,"Web, web"',
      '2026-03-16,2,Paid search,Blank,,,,,',
    ].join('\n');
    const preview = (await t.post(PREVIEW, body('Expenses', plan.id, csv), token)).body.Result;
    expect(preview.Mapping).toMatchObject({
      [`Field:${ids.note}`]: 'NOTE',
      [`Field:${ids.units}`]: 'units',
      [`Field:${ids.launch}`]: 'Launch Date',
      [`Field:${ids.region}`]: 'region',
      [`Field:${ids.channel}`]: 'Channel',
      Payee: 'Payee',
    });
    expect(preview.Fields).toContainEqual({
      Field: `Field:${ids.region}`,
      Label: 'Region',
      Required: false,
      Hint: 'Custom field: one of EMEA, NA, APAC.',
    });
    expect(preview.Rows.map((row: PreviewRow) => [row.Row, row.Errors])).toEqual([
      [2, []],
      [3, [{ Field: `Field:${ids.units}`, Message: 'Units must be a number.' }]],
      [4, [{ Field: `Field:${ids.launch}`, Message: 'Launch date must be a real date in the form YYYY-MM-DD.' }]],
      [5, [{ Field: `Field:${ids.region}`, Message: 'Region must be one of EMEA, NA, APAC.' }]],
      [6, [{ Field: `Field:${ids.channel}`, Message: 'Channel: “Print” is not one of Web, Email, Events.' }]],
      [7, [{ Field: `Field:${ids.channel}`, Message: 'Channel lists “Web” twice.' }]],
      [8, []],
    ]);
    expect((await t.post(COMMIT, body('Expenses', plan.id, csv), token)).body.Result).toMatchObject({ Created: 2, Invalid: 5 });
    const rows = await t.ctx.db
      .select({ payee: expenses.payee, customFields: expenses.customFields })
      .from(expenses)
      .where(and(eq(expenses.tenantId, tenant.id), eq(expenses.marketingPlanId, plan.id)));
    const byPayee = Object.fromEntries(rows.map((row) => [row.payee, row.customFields]));
    expect(byPayee.Good).toEqual({
      [ids.note]: 'hello',
      [ids.units]: 1250.5,
      [ids.launch]: '2026-02-28',
      [ids.region]: 'EMEA',
      [ids.channel]: ['Web', 'Email'],
    });
    expect(byPayee.Blank).toEqual({});
    expect(byPayee.BadNumber).toBeUndefined();
  });

  it('enforces a Required BudgetItem field: a blank cell or no mapped column is each row’s error, and a commit with no valid row writes nothing', async () => {
    const { tenant, plan, token } = await setup(t);
    const owner = await tenant.tokenFor('owner');
    const saved = await t.post(
      '/api/CustomFieldClient/Save',
      { Id: EMPTY_ID, Entity: 'BudgetItem', Name: 'Budget owner', Type: 'Text', Required: true },
      owner,
    );
    const ownerField = saved.body.Result.Id as string;
    const key = `Field:${ownerField}`;
    const mapped = ['Name,Category,Amount,budget owner', 'Radio,Paid media,19.99,Ann', 'Print,Paid media,10,'].join('\n');
    const preview = (await t.post(PREVIEW, body('BudgetItems', plan.id, mapped), token)).body.Result;
    expect(preview.Fields).toContainEqual(expect.objectContaining({ Field: key, Label: 'Budget owner', Required: true }));
    expect(preview.Rows.map((row: PreviewRow) => row.Errors)).toEqual([[], [{ Field: key, Message: 'Budget owner is required.' }]]);

    const unmapped = ['Name,Category,Amount', 'Radio,Paid media,19.99'].join('\n');
    const before = await countRows(t, plan.id);
    const previewUnmapped = (await t.post(PREVIEW, body('BudgetItems', plan.id, unmapped), token)).body.Result;
    expect(previewUnmapped.Rows[0].Errors).toEqual([{ Field: key, Message: 'Budget owner is required.' }]);
    const refused = await t.post(COMMIT, body('BudgetItems', plan.id, unmapped), token);
    expect(refused.status).toBe(400);
    expect(await countRows(t, plan.id)).toEqual(before);

    expect((await t.post(COMMIT, body('BudgetItems', plan.id, mapped), token)).body.Result).toMatchObject({ Created: 1, Invalid: 1 });
    const [radio] = await t.ctx.db
      .select({ customFields: budgetItems.customFields })
      .from(budgetItems)
      .where(and(eq(budgetItems.tenantId, tenant.id), eq(budgetItems.marketingPlanId, plan.id), eq(budgetItems.name, 'Radio')));
    expect(radio?.customFields).toEqual({ [ownerField]: 'Ann' });
  });

  it('maps a budget item field given by the client, and refuses a field of the other entity (an Expense field in a budget-items mapping)', async () => {
    const { tenant, plan, token } = await setup(t);
    const itemIds = await fieldsFor(tenant, 'BudgetItem');
    const expenseIds = await fieldsFor(tenant, 'Expense');
    const csv = ['Name,Category,Amount,Where', 'Radio,Paid media,19.99,apac'].join('\n');
    const mapping = { Name: 'Name', Category: 'Category', Amount: 'Amount', [`Field:${itemIds.region}`]: 'Where' };
    const preview = (await t.post(PREVIEW, body('BudgetItems', plan.id, csv, { Mapping: mapping }), token)).body.Result;
    expect(preview.Rows[0].Errors).toEqual([]);
    expect(preview.Rows[0].Values[`Field:${itemIds.region}`]).toBe('apac');
    const wrong = await t.post(
      PREVIEW,
      body('BudgetItems', plan.id, csv, {
        Mapping: { ...mapping, [`Field:${itemIds.region}`]: null, [`Field:${expenseIds.region}`]: 'Where' },
      }),
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe(`There is no field Field:${expenseIds.region}.`);
    await t.post(COMMIT, body('BudgetItems', plan.id, csv, { Mapping: mapping }), token);
    const [radio] = await t.ctx.db
      .select({ customFields: budgetItems.customFields })
      .from(budgetItems)
      .where(and(eq(budgetItems.tenantId, tenant.id), eq(budgetItems.marketingPlanId, plan.id), eq(budgetItems.name, 'Radio')));
    expect(radio?.customFields).toEqual({ [itemIds.region]: 'APAC' });
  });
});
