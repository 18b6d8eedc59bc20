import { type CustomField, customFieldRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { fieldsOf, useAllCustomFields } from '../../../shared/custom-fields/custom-field-queries.ts';
import { SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { CustomFieldsManager } from './custom-fields-manager.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The expense tab of /account/custom-fields: the real query, refetched after each change. */
const ExpenseFields = () => {
  const list = useAllCustomFields();
  return list.data ? <CustomFieldsManager entity="Expense" fields={fieldsOf(list.data, 'Expense')} /> : null;
};

describe('the custom fields admin (real API)', () => {
  it(
    'an Owner adds a Select field with its options and moves it above another field',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Fields admin' });
      const owner = await api.signIn(tenant.users.owner.email);
      await api.call(customFieldRoutes.save, { Entity: 'Expense', Name: 'Cost center', Type: 'Text' }, owner.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <ExpenseFields />
          </App>
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /Add expense field/ }, SLOW));
      const dialog = await screen.findByRole('dialog', {}, SLOW);
      await user.type(within(dialog).getByLabelText('Name'), 'Region');
      await user.click(within(dialog).getByLabelText(/^Type/));
      await user.click(await screen.findByTitle('Select (one option)'));
      const options = await within(dialog).findByLabelText('Options');
      for (const option of ['EMEA', 'NA', 'APAC']) await user.type(options, `${option}{Enter}`);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByText('“Region” saved.', {}, SLOW);

      const listed = async () => (await api.call(customFieldRoutes.list, { Entity: 'Expense' }, owner.AccessToken)) as CustomField[];
      expect((await listed()).map((field) => [field.Name, field.Type, field.Options])).toEqual([
        ['Cost center', 'Text', []],
        ['Region', 'Select', ['EMEA', 'NA', 'APAC']],
      ]);
      await user.click(await screen.findByRole('button', { name: 'Move Region up' }, SLOW));
      await waitFor(async () => expect((await listed()).map((field) => field.Name)).toEqual(['Region', 'Cost center']), SLOW);
    },
    TEST_TIMEOUT * 2,
  );
});
