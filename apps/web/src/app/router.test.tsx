import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../server/test/planning-factories.ts';
import { budgetItemsQuery } from '../features/budget/api/budget-queries.ts';
import { profileQuery } from '../shared/api/identity.ts';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { createQueryClient } from './providers.tsx';
import { createAppRouter, whenRouted } from './router.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => {
  api.reset();
  window.history.replaceState(null, '', '/');
});
afterAll(() => api.close());

describe('the first page', () => {
  it('is routed only once its first answers are in, so it is drawn once, with them', async () => {
    const tenant = await createTenant(api.server, { name: 'First Draw Co' });
    const { plan } = await createPlanWithItem(api.server, tenant);
    await api.signIn(tenant.users.owner.email);
    // The page's code is loaded already (as from the HTTP cache), so only the answers can hold it back.
    await Promise.all([
      import('./guards.tsx'),
      import('./layouts/app-shell.tsx'),
      import('./require-policy.tsx'),
      import('./pages/budget-page.tsx'),
      import('./prefetch.ts'),
    ]);
    window.history.replaceState(null, '', '/budget');
    const client = createQueryClient();
    const router = createAppRouter(client);

    await new Promise<void>((resolve) => whenRouted(router, resolve));
    expect(client.getQueryData(profileQuery().queryKey)).toMatchObject({ Email: tenant.users.owner.email });
    expect(client.getQueryData(budgetItemsQuery(plan.id).queryKey)).toHaveLength(1);
    router.dispose();
  }, 20_000);
});
