import type { BudgetItem, CustomField, ExpensePage } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CUSTOM_FIELDS } from './custom-fields.seed.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { seedDemo } from './index.ts';

let t: TestApp;

// Seeding the demo takes a while when the machine is busy.
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
}, 300_000);
afterAll(async () => t.close());

describe('demo custom fields seed', () => {
  it('gives the demo Region on items and expenses and Channel tags on items, with values valid for their fields', async () => {
    // Seeding again (the month close done) changes nothing and does not fail.
    await seedDemo(t.database, { sandbox: true });
    const member = (await login(t, DEMO.users.member.email, DEMO.password)).AccessToken;
    const fields = (await t.post('/api/CustomFieldClient/List', {}, member)).body.Result as CustomField[];
    expect(fields.map((field) => `${field.Entity} ${field.Name} ${field.Type}`)).toEqual(
      expect.arrayContaining(['BudgetItem Region Select', 'BudgetItem Channel MultiSelect', 'Expense Region Select']),
    );
    const items = (await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: DEMO_PLAN.id }, member)).body
      .Result as BudgetItem[];
    const regions = new Set(items.map((item) => item.CustomFields[DEMO_CUSTOM_FIELDS.itemRegion.id]));
    expect([...regions].sort()).toEqual(['APAC', 'EMEA', 'NA']);
    for (const item of items) {
      const channel = item.CustomFields[DEMO_CUSTOM_FIELDS.itemChannel.id] as string[];
      expect(channel.length).toBeGreaterThan(0);
      // Tags in the field's order.
      expect(channel).toEqual(DEMO_CUSTOM_FIELDS.itemChannel.options.filter((option) => channel.includes(option)));
    }
    const page = (await t.post('/api/ExpenseClient/GetExpenses', { MarketingPlanId: DEMO_PLAN.id, PageSize: 200 }, member)).body
      .Result as ExpensePage;
    const withRegion = page.Items.filter((expense) => expense.CustomFields[DEMO_CUSTOM_FIELDS.expenseRegion.id] !== undefined);
    expect(withRegion.length).toBeGreaterThan(10);
    for (const expense of withRegion) {
      const item = items.find((candidate) => candidate.Id === expense.BudgetItemId);
      expect(expense.CustomFields[DEMO_CUSTOM_FIELDS.expenseRegion.id]).toBe(item?.CustomFields[DEMO_CUSTOM_FIELDS.itemRegion.id]);
    }
  }, 300_000);
});
