import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyRules } from './money-input.tsx';

const renderForm = (onFinish: (values: { Amount: number }) => void) =>
  render(
    <Form onFinish={onFinish}>
      <Form.Item label="Amount" name="Amount" rules={moneyRules({ required: 'Enter the amount.' })}>
        <MoneyInput />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );

const submitTyped = async (text: string) => {
  const onFinish = vi.fn();
  renderForm(onFinish);
  const input = screen.getByLabelText('Amount') as HTMLInputElement;
  await userEvent.setup().type(input, text);
  fireEvent.blur(input);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { onFinish, input };
};

describe('MoneyInput', () => {
  it.each([
    ['-500', 'The amount cannot be negative: enter $0.00 or more.'],
    ['123.456', 'Enter whole cents: at most 2 decimals (e.g. 123.45).'],
    ['1000000000000000000', 'The amount can be at most $10,000,000,000.00.'],
  ])('keeps %s as typed and names the rule it breaks, saving nothing', async (text, message) => {
    const { onFinish, input } = await submitTyped(text);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    expect(input.value.replace(/,/g, '')).toBe(text);
  });

  it('saves an amount in dollars and cents as typed', async () => {
    const { onFinish } = await submitTyped('1250.5');
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ Amount: 1250.5 }));
  });
});
