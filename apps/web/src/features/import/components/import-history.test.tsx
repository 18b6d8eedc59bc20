import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT, base64, setup } from '../../../../../server/test/imports-fixture.ts';
import { budgetItems } from '../../../../../server/src/schema/budget.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ImportHistory } from './import-history.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

describe('the import history', () => {
  it('shows a refused Undo (409) with a link to the changed row', async () => {
    const { tenant, plan, token } = await setup(api.server);
    const commit = await api.server.post(
      COMMIT,
      {
        Kind: 'BudgetItems',
        MarketingPlanId: plan.id,
        FileName: 'items.csv',
        ContentBase64: base64('Name,Category,Amount\nBillboards,Paid media,100\n'),
        SkipDuplicates: true,
      },
      token,
    );
    expect(commit.status).toBe(200);
    const [item] = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Billboards'));
    // Someone edits the imported item afterwards.
    await api.server.ctx.db
      .update(budgetItems)
      .set({ updatedAt: new Date(Date.parse('2030-01-01T00:00:00Z')) })
      .where(eq(budgetItems.id, item?.id ?? ''));
    await api.signIn(tenant.users.member.email);

    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <ImportHistory planId={plan.id} canEdit />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await user.click(await screen.findByRole('button', { name: 'Undo import' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Row 2 of items.csv (“Billboards”) was changed after the import.');
    const link = within(alert).getByRole('link', { name: 'Open the budget item' });
    expect(link.getAttribute('href')).toBe(`/budget/${item?.id}`);
  });
});
