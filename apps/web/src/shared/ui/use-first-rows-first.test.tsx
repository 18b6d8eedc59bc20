import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstRowsFirst } from './use-first-rows-first.ts';

/** How many rows each render drew. */
let drawn: number[] = [];

const List = ({ rows }: { rows: number[] }) => {
  const shown = useFirstRowsFirst(rows, 3);
  drawn.push(shown.length);
  return (
    <ul>
      {shown.map((row) => (
        <li key={row}>row {row}</li>
      ))}
    </ul>
  );
};

const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

describe('first rows first', () => {
  it('draws the first rows of the first long list, then all of them', async () => {
    drawn = [];
    const view = render(<List rows={[]} />);
    view.rerender(<List rows={numbers(8)} />);
    await screen.findByText('row 8');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(drawn.filter((count) => count > 0)).toEqual([3, 8]);
  });

  it('draws later lists whole, so a refetch never drops the rows below for a moment', async () => {
    const view = render(<List rows={numbers(8)} />);
    await screen.findByText('row 8');
    drawn = [];
    view.rerender(<List rows={numbers(8, 11)} />);
    expect(drawn).toEqual([8]);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
  });

  it('draws a short list whole at once', () => {
    drawn = [];
    render(<List rows={numbers(3)} />);
    expect(drawn).toEqual([3]);
  });
});
