import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../../../../server/src/schema/registration.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { RegisterForm } from './register-form.tsx';

let api: RealApi;
const zoneBefore = process.env.TZ;
beforeAll(async () => {
  api = await startRealApi();
  // The browser's zone: Node's Intl follows TZ.
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => api.reset());
afterAll(async () => {
  process.env.TZ = zoneBefore;
  await api.close();
});

describe('signing up', () => {
  it('sends the browser’s time zone with the registration, and the server keeps it for the new account', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
    const registered: unknown[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter>
            <RegisterForm metaData={{ plan: 'starter' }} onRegistered={(fields) => registered.push(fields)} />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Kei');
    await user.type(screen.getByLabelText('Last name'), 'Sato');
    await user.type(screen.getByLabelText('Business name'), 'Sato Foods');
    await user.type(screen.getByLabelText(/email/i), 'kei@sato-foods.test');
    await user.click(screen.getByRole('button', { name: /create|register|continue|sign up/i }));
    await waitFor(() => expect(registered).toHaveLength(1));
    const sent = api.sent.find((request) => request.path === '/api/prospectrequest/register');
    expect(sent?.body).toMatchObject({ Email: 'kei@sato-foods.test', TimeZone: 'Asia/Tokyo' });
    const [row] = await api.server.ctx.db.select().from(registrations).where(eq(registrations.email, 'kei@sato-foods.test'));
    expect(row?.timeZone).toBe('Asia/Tokyo');
  });
});
