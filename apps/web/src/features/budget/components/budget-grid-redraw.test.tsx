import type { BudgetItem } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRows, sumItems } from '../lib/budget-rows.ts';
import { BudgetGrid } from './budget-grid.tsx';
import { gridItem, layOutBudgetGrid } from '../../../test/budget-grid.ts';

layOutBudgetGrid();
const item = gridItem;

const client = new QueryClient();
const wrap = (grid: ReactNode) => (
  <QueryClientProvider client={client}>
    <App>
      <MemoryRouter>{grid}</MemoryRouter>
    </App>
  </QueryClientProvider>
);
const grid = (items: BudgetItem[], campaignNames?: ReadonlyMap<string, string>) => (
  <BudgetGrid rows={buildRows(items)} totals={sumItems(items)} canEdit campaignNames={campaignNames} />
);
const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

// The row cells are memoised (drawn again only when what they show changes): each change still shows.
describe('budget grid drawn again', () => {
  it('shows an item changed since the last draw in its row, its category row and the total; an unchanged one stays', () => {
    const a = item('a');
    const b = item('b');
    const { rerender } = render(wrap(grid([a, b])));
    expect(cells('item-Item a')[1]).toBe('$19.99');
    // The same items in rows built anew, then item a saved as $25.00 with $5.00 spent.
    rerender(wrap(grid([a, b])));
    rerender(wrap(grid([{ ...a, Amount: 25, BaseAmount: 25, Actual: 5, Available: 20, LeftToPlan: 20, BurnRate: 0.2, Version: 2 }, b])));
    expect(cells('item-Item a').slice(1, 3)).toEqual(['$25.00', '$5.00']);
    expect(within(screen.getByTestId('item-Item a')).getByLabelText('Burn rate 20%')).toBeTruthy();
    expect(cells('item-Item b')[1]).toBe('$19.99');
    expect(cells('category-Media').slice(1, 3)).toEqual(['$44.99', '$5.00']);
    expect(cells('budget-total').slice(1, 3)).toEqual(['$44.99', '$5.00']);
  });

  it('shows a renamed campaign in the rows of its items', () => {
    const a = { ...item('a'), CampaignId: 'spring' };
    const { rerender } = render(wrap(grid([a], new Map([['spring', 'Spring']]))));
    expect(cells('item-Item a')[1]).toBe('Spring');
    rerender(wrap(grid([a], new Map([['spring', 'Spring launch']]))));
    expect(cells('item-Item a')[1]).toBe('Spring launch');
  });
});
