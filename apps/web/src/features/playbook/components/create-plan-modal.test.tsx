import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { ContextSelectionProvider } from '../../../shared/context/context-selection.tsx';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { CreatePlanModal } from './create-plan-modal.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** "Copy to next year" of a 2026 plan, its Owner signed in: the start date is filled with Jan 1, 2027. */
const openCopyDialog = async () => {
  const tenant = await createTenant(api.server);
  const { plan } = await createPlanWithItem(api.server, tenant);
  await api.signIn(tenant.users.owner.email);
  const source = { Id: plan.id, Name: 'Plan 2026', TeamId: tenant.teamId, StartDate: '2026-01-01', EndDate: '2026-12-31' };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ContextSelectionProvider>
          <App>
            <CreatePlanModal source={source} mode="next-year" onClose={() => {}} />
          </App>
        </ContextSelectionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('CreatePlanModal start date', () => {
  it('creates the plan from the typed start date 03/01/2027, not the date that was filled in', async () => {
    await openCopyDialog();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Start date');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Jan 1, 2027'));
    await user.click(input);
    await user.clear(input);
    await user.type(input, '03/01/2027');
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(api.sent.some((request) => request.path === '/api/PlaybookClient/CreatePlan')).toBe(true));
    expect(api.sent.find((request) => request.path === '/api/PlaybookClient/CreatePlan')?.body).toMatchObject({
      StartDate: '2027-03-01',
    });
  });
});
