import { categoryRoutes, EMPTY_ID } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetCategories } from '../../../../../server/src/schema/categories.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { categoryKeys, useBudgetCategories } from '../api/category-queries.ts';
import { CategoriesManager } from './categories-manager.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The categories as the categories page shows them: the real query, refetched when invalidated. */
const Categories = () => {
  const list = useBudgetCategories();
  return list.data ? <CategoriesManager categories={list.data} /> : null;
};

/** A category the owner opened in the edit dialog; then the Admin renames it through the API from the same version. */
const openThenRenamedByColleague = async (tenant: TestTenant) => {
  const owner = await api.signIn(tenant.users.owner.email);
  const read = await api.call(categoryRoutes.save, { Id: EMPTY_ID, Name: 'Paid media', CategoryType: 1 }, owner.AccessToken);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <Categories />
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Paid media' }, SLOW));
  const colleague = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  await api.call(
    categoryRoutes.save,
    { Id: read.Id, Version: read.Version, Name: 'Media (paid)', CategoryType: 2, SortOrder: read.SortOrder },
    colleague,
  );
  return { read, user, queryClient };
};

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(budgetCategories).where(eq(budgetCategories.id, id)))[0];

const renameAndSave = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const field = await screen.findByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(screen.getByRole('button', { name: 'Save' }));
};

describe('saving a budget category a colleague changed meanwhile', () => {
  it(
    'shows their name beside mine; “Save mine over theirs” saves my name from their version and keeps the type only they changed',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Category merge' });
      const { read, user } = await openThenRenamedByColleague(tenant);
      await renameAndSave(user, 'Advertising');

      const dialog = await findMergeDialog();
      expect(within(dialog).getByText(/^Admin Category merge changed .+ while you were editing\.$/)).toBeTruthy();
      expect(mergeRow(dialog, 'Name')).toEqual({ theirs: 'Media (paid)', mine: 'Advertising' });
      // The type only they changed is no conflict: I left it as I read it.
      expect(within(dialog).queryByText('Category type', { selector: 'td' })).toBeNull();
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Media (paid)', version: 2 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Category saved.', {}, SLOW);
      // Both people's work: my name and their type.
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Advertising', categoryType: 2, version: 3 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and the list shows their category',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Category keep' });
      const { read, user } = await openThenRenamedByColleague(tenant);
      await renameAndSave(user, 'Advertising');
      const dialog = await findMergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their version of the category.', {}, SLOW);
      expect(await screen.findByRole('button', { name: 'Edit Media (paid)' }, SLOW)).toBeTruthy();
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Media (paid)', categoryType: 2, version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps what is being typed when the list reloads under the open dialog, and saves it from the version opened',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Category live' });
      const { read, user, queryClient } = await openThenRenamedByColleague(tenant);
      const field = await screen.findByLabelText('Name');
      await user.clear(field);
      await user.type(field, 'Advertising');
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      await screen.findByText('Media (paid)', {}, SLOW);
      await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Advertising'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await findMergeDialog();
      expect(await rowOf(read.Id)).toMatchObject({ name: 'Media (paid)', version: 2 });
    },
    TEST_TIMEOUT,
  );
});
