import { commentRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { InboxList } from './inbox-list.tsx';
import { NotificationBell } from './notification-bell.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderInbox = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <NotificationBell />
          <InboxList />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

describe('the bell and the inbox', () => {
  it('counts the unread notifications, links each to its thing, and marks one and then all read', async () => {
    const tenant = await createTenant(api.server, { name: 'Acme' });
    const { plan, item } = await createPlanWithItem(api.server, tenant);
    const member = await tenant.tokenFor('member');
    await api.call(
      commentRoutes.saveComment,
      { EntityType: 'BudgetItem', EntityId: item.id, Description: 'Can you check, @Owner Acme?' },
      member,
    );
    api.server.clock.advance(1000);
    await api.call(commentRoutes.saveComment, { EntityType: 'MarketingPlan', EntityId: plan.id, Description: 'Plan looks good' }, member);
    await api.signIn(tenant.users.owner.email);
    renderInbox();

    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const mention = within(list).getByRole('link', { name: 'Member Acme mentioned you on Paid search' });
    expect(mention.getAttribute('href')).toBe(`/budget/${item.id}`);
    expect(
      within(list)
        .getByRole('link', { name: `Member Acme commented on ${plan.name}` })
        .getAttribute('href'),
    ).toBe(`/plans/${plan.id}`);

    await userEvent.click(screen.getByRole('button', { name: 'Mark read: Member Acme mentioned you on Paid search' }));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark read/ })).toBeNull());
  });
});
