import { EMPTY_ID, LOOKUP_TYPE_GL_CODE, lookupRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookups } from '../../../../../server/src/schema/lookups.ts';
import { createTenant, login, type TestTenant } from '../../../../../server/test/factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { lookupKeys, glCodesOf, useLookups } from '../api/lookup-queries.ts';
import { LookupList } from './lookup-list.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The GL codes as the lookups page shows them: the real query, refetched when invalidated. */
const GlCodes = () => {
  const list = useLookups();
  return list.data ? <LookupList lookupType={LOOKUP_TYPE_GL_CODE} entries={glCodesOf(list.data)} noun="GL code" /> : null;
};

/** A GL code the owner opened in the edit dialog; `colleague` is the Admin's token for changes through the API. */
const openForEdit = async (tenant: TestTenant) => {
  const owner = await api.signIn(tenant.users.owner.email);
  const read = await api.call(
    lookupRoutes.save,
    { Id: EMPTY_ID, Name: '6100 Media', SortOrder: 1, LookupType: LOOKUP_TYPE_GL_CODE, CategoryType: 1 },
    owner.AccessToken,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <GlCodes />
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit 6100 Media' }, SLOW));
  const colleague = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  return { read, user, queryClient, colleague };
};

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(lookups).where(eq(lookups.id, id)))[0];

const typeName = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const field = await screen.findByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
};

describe('saving a GL code a colleague changed meanwhile', () => {
  it(
    'shows their name beside mine; “Save mine over theirs” saves mine from their version',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Lookup merge' });
      const { read, user, colleague } = await openForEdit(tenant);
      await api.call(
        lookupRoutes.save,
        { Id: read.Id, Version: read.Version, Name: '6100 Paid media', SortOrder: 1, LookupType: LOOKUP_TYPE_GL_CODE, CategoryType: 1 },
        colleague,
      );
      await typeName(user, '6100 Advertising');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await findMergeDialog();
      expect(within(dialog).getByText(/ changed the GL code “6100 Paid media”.* while you were editing\.$/)).toBeTruthy();
      expect(mergeRow(dialog, 'Name')).toEqual({ theirs: '6100 Paid media', mine: '6100 Advertising' });
      expect(await rowOf(read.Id)).toMatchObject({ name: '6100 Paid media', version: 2 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('GL code saved.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: '6100 Advertising', version: 3 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Save mine over theirs” keeps the fields only they changed (order, category type) with the name only I changed',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Lookup both' });
      const { read, user, colleague } = await openForEdit(tenant);
      await api.call(
        lookupRoutes.save,
        { Id: read.Id, Version: read.Version, Name: '6100 Media', SortOrder: 7, LookupType: LOOKUP_TYPE_GL_CODE, CategoryType: 2 },
        colleague,
      );
      await typeName(user, '6100 Advertising');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const dialog = await findMergeDialog();
      // Only my name differs from theirs; what only they changed is no conflict.
      expect(within(dialog).queryByText('Order', { selector: 'td' })).toBeNull();
      expect(within(dialog).queryByText('Category type', { selector: 'td' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('GL code saved.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: '6100 Advertising', sortOrder: 7, categoryType: 2, version: 3 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and the list shows their name',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Lookup keep' });
      const { read, user, colleague } = await openForEdit(tenant);
      await api.call(
        lookupRoutes.save,
        { Id: read.Id, Version: read.Version, Name: '6100 Paid media', SortOrder: 1, LookupType: LOOKUP_TYPE_GL_CODE, CategoryType: 1 },
        colleague,
      );
      await typeName(user, '6100 Advertising');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await findMergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their version of the GL code.', {}, SLOW);
      expect(await screen.findByRole('button', { name: 'Edit 6100 Paid media' }, SLOW)).toBeTruthy();
      expect(await rowOf(read.Id)).toMatchObject({ name: '6100 Paid media', version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'keeps what is being typed when the list reloads under the open dialog (a colleague’s change arriving live)',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Lookup live' });
      const { read, user, queryClient, colleague } = await openForEdit(tenant);
      await typeName(user, '6100 Advertising');
      // A colleague adds another GL code; the live change invalidates the lookups, the list refetches.
      await api.call(lookupRoutes.save, { Id: EMPTY_ID, Name: '6200 Events', SortOrder: 2, LookupType: LOOKUP_TYPE_GL_CODE }, colleague);
      await queryClient.invalidateQueries({ queryKey: lookupKeys.all });
      await screen.findByRole('button', { name: 'Edit 6200 Events' }, SLOW);
      await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('6100 Advertising'));

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('GL code saved.', {}, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ name: '6100 Advertising', version: 2 });
    },
    TEST_TIMEOUT,
  );
});
