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
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(async () => api.close());

const fill = async (email: string, currency?: string) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <RegisterForm metaData={{ plan: 'starter' }} onRegistered={() => undefined} />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), 'Lena');
  await user.type(screen.getByLabelText('Last name'), 'Krause');
  await user.type(screen.getByLabelText('Business name'), 'Krause Berlin');
  await user.type(screen.getByLabelText(/email/i), email);
  if (currency) {
    await user.click(screen.getByLabelText('Base currency'));
    await user.type(screen.getByLabelText('Base currency'), currency);
    await user.click(await screen.findByTitle(new RegExp(`^${currency} · `)));
  }
  await user.click(screen.getByRole('button', { name: /create account/i }));
  await waitFor(() => expect(api.sent.some((request) => request.path === '/api/prospectrequest/register')).toBe(true));
  const [row] = await api.server.ctx.db.select().from(registrations).where(eq(registrations.email, email));
  return { sent: api.sent.find((request) => request.path === '/api/prospectrequest/register')?.body, row };
};

describe('signing up with a base currency', () => {
  it('sends USD unless another is chosen', async () => {
    const { sent, row } = await fill('lena-usd@krause.test');
    expect(sent).toMatchObject({ BaseCurrency: 'USD' });
    expect(row?.baseCurrency).toBe('USD');
  });

  it('sends the chosen one (EUR), which the server keeps for the new account', async () => {
    const { sent } = await fill('lena-eur@krause.test', 'EUR');
    expect(sent).toMatchObject({ BaseCurrency: 'EUR' });
    await waitFor(async () => {
      const [saved] = await api.server.ctx.db.select().from(registrations).where(eq(registrations.email, 'lena-eur@krause.test'));
      expect(saved?.baseCurrency).toBe('EUR');
    });
  });
});
