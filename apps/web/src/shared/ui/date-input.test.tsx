import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, parseTypedDate, validDateRule } from './date-input.tsx';

/** A one-field form as the expense form has it: the date starts as today, Enter submits. */
const renderForm = (onFinish: (values: { Date: Dayjs }) => void) =>
  render(
    <Form initialValues={{ Date: dayjs('2026-11-23') }} onFinish={onFinish}>
      <Form.Item label="Purchase date" name="Date" rules={[{ required: true, message: 'Pick a date.' }, validDateRule]}>
        <DateInput />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );

const typeInto = async (text: string, finish: 'Enter' | 'blur') => {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Purchase date');
  await user.click(input);
  await user.clear(input);
  await user.type(input, text);
  if (finish === 'Enter') await user.keyboard('{Enter}');
  else fireEvent.blur(input);
  return input;
};

describe('DateInput', () => {
  it.each([
    ['2027-01-10', 'Enter'],
    ['01/10/2027', 'Enter'],
    ['Jan 10, 2027', 'Enter'],
    ['2027-01-10', 'blur'],
    ['01/10/2027', 'blur'],
    ['Jan 10, 2027', 'blur'],
  ] as const)('keeps the typed date %s (finished with %s) instead of the date that was there', async (text, finish) => {
    const onFinish = vi.fn();
    renderForm(onFinish);
    await typeInto(text, finish);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    const submitted = onFinish.mock.calls.at(-1)?.[0] as { Date: Dayjs } | undefined;
    expect(submitted?.Date.format('YYYY-MM-DD')).toBe('2027-01-10');
  });

  it('says so when the typed text is no date, quoting it, and does not submit', async () => {
    const onFinish = vi.fn();
    renderForm(onFinish);
    await typeInto('2027-13-45', 'blur');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('“2027-13-45” is not a date we can read. Type it as YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY.'),
    ).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('reads each accepted form strictly', () => {
    expect(parseTypedDate('2027-01-10')?.format('YYYY-MM-DD')).toBe('2027-01-10');
    expect(parseTypedDate('1/5/2027')?.format('YYYY-MM-DD')).toBe('2027-01-05');
    expect(parseTypedDate('Feb 29, 2027')).toBeNull();
    expect(parseTypedDate('10.01.2027')).toBeNull();
  });
});
