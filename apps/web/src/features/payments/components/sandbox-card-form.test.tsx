import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CardFormHandle } from './card-form.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';

const renderForm = () => {
  const ref = createRef<CardFormHandle>();
  render(
    <MemoryRouter>
      <SandboxCardForm ref={ref} publicKey="pk_test_sandbox_x" clientSecret="seti_1_secret_2" billingName="Pat Prospect" />
    </MemoryRouter>,
  );
  return ref;
};

describe('the sandbox card form', () => {
  it('groups the card number in fours and formats the expiry as MM / YY', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiration date'), '1234');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((screen.getByLabelText('Expiration date') as HTMLInputElement).value).toBe('12 / 34');
  });

  it('shows an incomplete field in place, as Stripe does, without calling the sandbox', async () => {
    const ref = renderForm();
    let error: string | null | undefined;
    await act(async () => {
      error = await ref.current?.confirm();
    });
    expect(error).toBe('Your card number is incomplete.');
    expect(screen.getByRole('alert').textContent).toBe('Your card number is incomplete.');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.queryByRole('alert')).toBeNull(); // typing clears the error
    await act(async () => {
      error = await ref.current?.confirm();
    });
    expect(error).toBe("Your card's expiration date is incomplete.");
  });
});
