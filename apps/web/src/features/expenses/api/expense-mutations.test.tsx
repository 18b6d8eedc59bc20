import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import {
  activityKeys,
  budgetKeys,
  dashboardKeys,
  expenseKeys,
  identityKeys,
  planKeys,
  reportKeys,
  spendingKeys,
  teamKeys,
} from '../../../shared/api/query-keys.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { useDeleteExpense, useSaveExpense } from './expense-mutations.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The queries of one plan that hold its money, with a cached value each. */
const moneyKeysOf = (planId: string, itemId: string): QueryKey[] => [
  expenseKeys.list({ MarketingPlanId: planId }),
  expenseKeys.itemOptions(planId),
  budgetKeys.list(planId),
  budgetKeys.detail(itemId),
  planKeys.detail(planId),
  planKeys.totals(planId),
  reportKeys.budgetCategories(planId),
  spendingKeys.report(planId),
  dashboardKeys.plan(planId),
  activityKeys.plan(planId, 20),
];

const setUp = async () => {
  const tenant = await createTenant(api.server);
  const changed = await createPlanWithItem(api.server, tenant);
  const other = await createPlanWithItem(api.server, tenant);
  await api.signIn(tenant.users.owner.email);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const unrelated = [...moneyKeysOf(other.plan.id, other.item.id), identityKeys.profile(), teamKeys.mine()];
  for (const key of [...moneyKeysOf(changed.plan.id, changed.item.id), ...unrelated]) queryClient.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { changed, unrelated, queryClient, wrapper };
};

const invalidated = (queryClient: QueryClient, keys: QueryKey[]) => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);

describe('expense changes refresh what they change', () => {
  it('saving an expense marks its plan’s expenses, items, totals, report, spending, dashboard and feed stale, and nothing else', async () => {
    const { changed, unrelated, queryClient, wrapper } = await setUp();
    const { result } = renderHook(() => useSaveExpense(), { wrapper });
    await result.current.mutateAsync({
      MarketingPlanId: changed.plan.id,
      BudgetItemId: changed.item.id,
      Name: 'Trade show booth',
      PurchaseDate: '2026-03-10',
      Amount: 1200,
      CategoryType: 1,
    });
    const keys = moneyKeysOf(changed.plan.id, changed.item.id);
    expect(invalidated(queryClient, keys)).toEqual(keys.map(() => true));
    expect(invalidated(queryClient, unrelated)).toEqual(unrelated.map(() => false));
  });

  it('deleting an expense does the same for the plan it was in', async () => {
    const { changed, unrelated, queryClient, wrapper } = await setUp();
    const { result } = renderHook(() => ({ save: useSaveExpense(), remove: useDeleteExpense() }), { wrapper });
    const saved = await result.current.save.mutateAsync({
      MarketingPlanId: changed.plan.id,
      BudgetItemId: changed.item.id,
      Name: 'Print run',
      PurchaseDate: '2026-03-11',
      Amount: 80,
      CategoryType: 1,
    });
    const keys = moneyKeysOf(changed.plan.id, changed.item.id);
    for (const key of keys) queryClient.setQueryData(key, 'fresh again');
    await result.current.remove.mutateAsync(saved);
    expect(invalidated(queryClient, keys)).toEqual(keys.map(() => true));
    expect(invalidated(queryClient, unrelated)).toEqual(unrelated.map(() => false));
    expect(queryClient.getQueryData(expenseKeys.detail(saved.Id))).toBeUndefined();
  });
});
