import { type MarketingPlan, planRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ObjectiveDrawer } from './objective-drawer.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A 2027 plan of a fresh tenant, its Owner signed in, and the drawer open to add an objective. */
const openDrawer = async () => {
  const tenant = await createTenant(api.server);
  const created = await createPlan(api.server, tenant, { startDate: '2027-01-01', endDate: '2027-12-31' });
  const session = await api.signIn(tenant.users.owner.email);
  const plan: MarketingPlan = await api.call(planRoutes.getMarketingPlan, { MarketingPlanId: created.id }, session.AccessToken);
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ObjectiveDrawer open objective={null} plan={plan} funnelStages={[]} onClose={() => {}} onSaved={onSaved} />
      </App>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByLabelText('Name'), 'Qualified leads');
  await userEvent.type(screen.getByLabelText('Target'), '500');
  return { onSaved };
};

const typeDate = async (label: string, text: string, finish: 'blur' | 'Tab' = 'blur') => {
  const user = userEvent.setup();
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, text);
  if (finish === 'Tab') await user.keyboard('{Tab}');
  else fireEvent.blur(input);
};

const saveRequest = () => api.sent.find((request) => request.path === '/api/ObjectiveClient/Save');

describe('ObjectiveDrawer dates', () => {
  it('saves the typed start date 01/10/2027 and end date 2027-03-31, not the dates that were there', async () => {
    const { onSaved } = await openDrawer();
    await typeDate('Start date', '01/10/2027');
    await typeDate('End date', '2027-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Add objective' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saveRequest()?.body).toMatchObject({ StartDate: '2027-01-10', EndDate: '2027-03-31' });
  });

  it('refuses an end date before the start date, saying so, and sends nothing', async () => {
    await openDrawer();
    await typeDate('Start date', 'Mar 5, 2027');
    await typeDate('End date', '03/01/2027');
    fireEvent.click(screen.getByRole('button', { name: 'Add objective' }));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(saveRequest()).toBeUndefined();
  });

  it.each(['blur', 'Tab'] as const)(
    'keeps a typed date outside the plan (left with %s) and refuses it, naming the plan’s dates',
    async (finish) => {
      await openDrawer();
      await typeDate('End date', '2028-01-10', finish);
      expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('Jan 10, 2028');
      fireEvent.click(screen.getByRole('button', { name: 'Add objective' }));
      expect(await screen.findAllByText('Choose a date within the plan: Jan 1, 2027 to Dec 31, 2027.')).not.toHaveLength(0);
      expect(saveRequest()).toBeUndefined();
    },
  );
});
