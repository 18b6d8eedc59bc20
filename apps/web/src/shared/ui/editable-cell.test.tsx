import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EditableCell } from './editable-cell.tsx';

const renderCell = (onSave: (text: string) => Promise<boolean>) =>
  render(
    <App>
      <EditableCell value="100.00" display="$100.00" label="Amount of Ads" onSave={onSave} />
    </App>,
  );

const startEditing = () => {
  const button = screen.getByRole('button', { name: /Amount of Ads: \$100\.00/ });
  button.focus();
  fireEvent.click(button);
  return screen.getByRole('textbox', { name: 'Amount of Ads' });
};

describe('EditableCell', () => {
  it('saves the typed value on Enter and gives focus back to the cell', async () => {
    const onSave = vi.fn(async () => true);
    renderCell(onSave);
    const input = startEditing();
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).toHaveBeenCalledWith('250');
  });

  it('cancels on Escape without saving', async () => {
    const onSave = vi.fn(async () => true);
    renderCell(onSave);
    const input = startEditing();
    fireEvent.change(input, { target: { value: '999' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves when focus leaves the editor (Tab), and keeps editing when the save is refused', async () => {
    const onSave = vi.fn(async () => false);
    renderCell(onSave);
    const input = startEditing();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('abc'));
    expect(screen.getByRole('textbox', { name: 'Amount of Ads' })).toBeTruthy();
  });

  describe('while a colleague’s change arrives live (DESIGN.md §13)', () => {
    const cell = (value: string, onSave: (text: string) => Promise<boolean>) => (
      <App>
        <EditableCell value={value} display={`$${value}`} label="Amount of Ads" onSave={onSave} />
      </App>
    );

    it('keeps my draft and saves it with what the edit began from (the version I read), not their newer save', async () => {
      const mine = vi.fn(async () => true);
      const theirs = vi.fn(async () => true);
      const { rerender } = render(cell('100.00', mine));
      const input = startEditing();
      fireEvent.change(input, { target: { value: '250' } });
      // Their change: the grid refetched, the cell's value and save (with their version) are new.
      rerender(cell('175.00', theirs));
      expect((screen.getByRole('textbox', { name: 'Amount of Ads' }) as HTMLInputElement).value).toBe('250');
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Amount of Ads' }), { key: 'Enter' });
      await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
      expect(mine).toHaveBeenCalledWith('250');
      expect(theirs).not.toHaveBeenCalled();
    });

    it('sends nothing over their value when my draft is still what the edit began with', async () => {
      const mine = vi.fn(async () => true);
      const theirs = vi.fn(async () => true);
      const { rerender } = render(cell('100.00', mine));
      startEditing();
      rerender(cell('175.00', theirs));
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Amount of Ads' }), { key: 'Enter' });
      await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
      expect(mine).not.toHaveBeenCalled();
      expect(theirs).not.toHaveBeenCalled();
    });
  });
});
