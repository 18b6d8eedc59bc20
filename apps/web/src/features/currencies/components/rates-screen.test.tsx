import { currencyRoutes } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { RatesScreen } from './rates-screen.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

describe('/account/currencies (real API)', () => {
  it(
    'marks a month of a currency in use without a rate, saves an edited rate with its Version, and on a colleague’s change asks before saving over it',
    async () => {
      // The screen opens on this year (the tenant's zone is UTC).
      const year = Number(todayInZone('UTC', new Date()).slice(0, 4));
      const tenant = await createTenant(api.server, { name: 'Berlin rates' });
      const owner = await api.signIn(tenant.users.owner.email);
      // A plan in EUR: EUR is in use. Every month of the year has a rate but January.
      const plan = await createPlan(api.server, tenant);
      await api.server.database.queryRows("UPDATE marketing_plans SET currency = 'EUR' WHERE tenant_id = $1 AND id = $2", [
        tenant.id,
        plan.id,
      ]);
      const months = Array.from({ length: 11 }, (_, index) => `${year}-${String(index + 2).padStart(2, '0')}`);
      await api.call(
        currencyRoutes.saveRates,
        { Rates: months.map((Month) => ({ Currency: 'EUR' as const, Month, Rate: 1.08 })) },
        owner.AccessToken,
      );

      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <RatesScreen />
          </App>
        </QueryClientProvider>,
      );
      expect(await screen.findByLabelText(`EUR rate for January ${year} (missing)`, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(`Rates missing in ${year}`)).toBeTruthy();
      expect(screen.getByLabelText(`EUR rate for March ${year}`)).toHaveProperty('value', '1.08');

      const user = userEvent.setup();
      const march = screen.getByLabelText(`EUR rate for March ${year}`);
      await user.clear(march);
      await user.type(march, '1.0825');
      await user.click(screen.getByRole('button', { name: 'Save 1 rate' }));
      await screen.findByText('1 rate saved.', {}, SLOW);
      const read = async () =>
        (await api.call(currencyRoutes.getRates, { Currency: 'EUR', Year: year }, owner.AccessToken)).Rates.find(
          (rate) => rate.Month === `${year}-03`,
        );
      expect(await read()).toMatchObject({ Rate: 1.0825, Version: 2 });
      const sentSave = api.sent.filter((request) => request.path === currencyRoutes.saveRates.path).at(-1);
      expect(sentSave?.body).toEqual({ Rates: [{ Currency: 'EUR', Month: `${year}-03`, Rate: 1.0825, Version: 1 }] });

      // A colleague changes March behind the screen; saving over it asks first.
      await api.call(
        currencyRoutes.saveRates,
        { Rates: [{ Currency: 'EUR', Month: `${year}-03`, Rate: 1.09, Version: 2 }] },
        owner.AccessToken,
      );
      await user.clear(march);
      await user.type(march, '1.1');
      // In jsdom antd's loading icon stays (its leave motion never ends): the name may start with "loading".
      await user.click(screen.getByRole('button', { name: /Save 1 rate$/ }));
      const dialog = await findMergeDialog();
      expect(mergeRow(dialog, `EUR ${MONTHS[2]} ${year}`)).toEqual({ theirs: '1.09', mine: '1.1' });
      await user.click(within(dialog).getByRole('button', { name: /Save mine/ }));
      await waitFor(async () => expect(await read()).toMatchObject({ Rate: 1.1, Version: 4 }), SLOW);
    },
    TEST_TIMEOUT * 2,
  );

  it(
    'asks before another year opens over an unsaved rate, and never sends the hidden edit',
    async () => {
      const year = Number(todayInZone('UTC', new Date()).slice(0, 4));
      const tenant = await createTenant(api.server, { name: 'Lisbon rates' });
      const owner = await api.signIn(tenant.users.owner.email);
      await api.call(currencyRoutes.saveRates, { Rates: [{ Currency: 'EUR', Month: `${year}-03`, Rate: 1.08 }] }, owner.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <RatesScreen />
          </App>
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      const march = await screen.findByLabelText(`EUR rate for March ${year}`, {}, SLOW);
      await user.clear(march);
      await user.type(march, '1.0825');
      expect(screen.getByRole('button', { name: 'Save 1 rate' })).toBeTruthy();

      // Staying keeps the edit on screen.
      await user.click(screen.getByRole('button', { name: 'Next year' }));
      const ask = await screen.findByRole('dialog', {}, SLOW);
      expect(ask.textContent).toContain(`Discard 1 unsaved rate of ${year}?`);
      await user.click(within(ask).getByRole('button', { name: `Stay in ${year}` }));
      expect(screen.getByText(String(year))).toBeTruthy();
      expect(screen.getByLabelText(`EUR rate for March ${year}`)).toHaveProperty('value', '1.0825');

      // Discarding opens the next year with nothing to save. (In the test DOM a closed confirm's leave
      // motion never ends, so the first one may still be there: the newest is the last.)
      await user.click(screen.getByRole('button', { name: 'Next year' }));
      await waitFor(() => expect(screen.getAllByRole('button', { name: `Discard and open ${year + 1}` }).length).toBeGreaterThan(0), SLOW);
      await user.click(screen.getAllByRole('button', { name: `Discard and open ${year + 1}` }).at(-1) as HTMLElement);
      await screen.findByText(String(year + 1), {}, SLOW);
      expect(screen.getByRole('button', { name: 'Save rates' }).hasAttribute('disabled')).toBe(true);
      expect(api.sent.filter((request) => request.path === currencyRoutes.saveRates.path)).toEqual([]);
    },
    TEST_TIMEOUT * 2,
  );
});
