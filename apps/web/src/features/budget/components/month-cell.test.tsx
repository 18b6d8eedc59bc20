import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MonthCell } from './month-cell.tsx';

const cell = (value: string, onSave: (text: string) => void) => (
  <table>
    <tbody>
      <tr>
        <MonthCell
          cellKey="0:1"
          display={`$${value}`}
          value={value}
          label="Ads, Mar 2026"
          active
          editing
          editable
          spread={false}
          firstKey={null}
          onActivate={() => undefined}
          onEdit={() => undefined}
          onSave={onSave}
          onCancel={() => undefined}
        />
      </tr>
    </tbody>
  </table>
);

describe('a month cell typed in while a colleague’s change arrives live (DESIGN.md §13)', () => {
  it('keeps the draft, says their amount came in instead of saving over it unseen, and saves mine on the next Enter', () => {
    const onSave = vi.fn();
    const { rerender } = render(cell('100.00', onSave));
    const input = screen.getByRole('textbox', { name: 'Ads, Mar 2026' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '250' } });
    rerender(cell('175.00', onSave));
    expect(input.value).toBe('250');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(
      'Someone changed Ads, Mar 2026 to 175.00 while you typed: Enter saves yours over it, Escape keeps theirs.',
    );

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith('250');
  });

  it('saves at once when nothing changed under the draft', () => {
    const onSave = vi.fn();
    render(cell('100.00', onSave));
    const input = screen.getByRole('textbox', { name: 'Ads, Mar 2026' });
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith('250');
  });
});
