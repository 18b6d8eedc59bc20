// Test helpers for the planning modules' route tests: rows made through the API, as a user would.
import { expect } from 'vitest';
import type { TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';

export const PLAN_API = '/api/MarketingPlanClient';
export const ITEM_API = '/api/BudgetItemClient';
export const CATEGORY_API = '/api/BudgetCategoryClient';
export const LOOKUP_API = '/api/LookupClient';

const ok = <T>(response: { status: number; body: { Result: T }; text: string }): T => {
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

export const createCategory = async (t: TestApp, tenant: TestTenant, name: string, categoryType: 1 | 2 | 3 = 1) =>
  ok<{ Id: string }>(await t.post(`${CATEGORY_API}/Save`, { Name: name, CategoryType: categoryType }, await tenant.tokenFor('owner')));

export const createPlan = async (t: TestApp, tenant: TestTenant, fields: Record<string, unknown> = {}) =>
  ok<{ Id: string; StartDate: string; EndDate: string; State: number }>(
    await t.post(`${PLAN_API}/Save`, { Name: 'FY Plan', TeamId: tenant.teamId, ...fields }, await tenant.tokenFor('owner')),
  );

export const createItem = async (
  t: TestApp,
  tenant: TestTenant,
  planId: string,
  categoryId: string,
  fields: Record<string, unknown> = {},
) =>
  ok<{ Id: string; Amount: number }>(
    await t.post(
      `${ITEM_API}/Save`,
      { Name: 'Paid search', Amount: 1000, ItemType: 1, BudgetCategoryId: categoryId, MarketingPlanId: planId, ...fields },
      await tenant.tokenFor('owner'),
    ),
  );
