// The money field with values inexact in binary (issue 28 A7): $19.99 is saved as 19.99 (1999 cents).
import { toCents } from '@plansmith/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyRules } from './money-input.tsx';

const submitTyped = async (text: string) => {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish}>
      <Form.Item label="Amount" name="Amount" rules={moneyRules({ required: 'Enter the amount.' })}>
        <MoneyInput />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  const input = screen.getByLabelText('Amount') as HTMLInputElement;
  await userEvent.setup().type(input, text);
  fireEvent.blur(input);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return onFinish;
};

describe('MoneyInput with amounts inexact in binary', () => {
  it.each([
    ['19.99', 1999],
    ['0.29', 29],
    ['1.15', 115],
  ])('saves %s as typed: %i cents', async (text, cents) => {
    const onFinish = await submitTyped(text);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    const amount = onFinish.mock.calls[0]?.[0].Amount as number;
    expect(amount).toBe(Number(text));
    expect(toCents(amount)).toBe(cents);
  });

  it('refuses 1.005 with the whole-cents rule', async () => {
    const onFinish = await submitTyped('1.005');
    expect(await screen.findByText('Enter whole cents: at most 2 decimals (e.g. 123.45).')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
