import type { BudgetItem } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRows, sumItems } from '../lib/budget-rows.ts';
import { BudgetGrid } from './budget-grid.tsx';
import { gridItem, layOutBudgetGrid } from '../../../test/budget-grid.ts';

layOutBudgetGrid();
const item = gridItem;

const draw = (items: BudgetItem[], fieldColumns?: { id: string; name: string }[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <MemoryRouter>
          <BudgetGrid rows={buildRows(items)} totals={sumItems(items)} canEdit={false} fieldColumns={fieldColumns} />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

describe('budget grid custom field columns', () => {
  const items = [item('a', { region: 'EMEA', channel: ['Web', 'Email'] }), item('b', {})];

  it('shows the chosen fields as columns after Item, each item’s value (tags joined, empty when unset), and a group row spanning them', () => {
    const { container } = draw(items, [
      { id: 'region', name: 'Region' },
      { id: 'channel', name: 'Channel' },
    ]);
    const head = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(head.slice(0, 4)).toEqual(['Item', 'Region', 'Channel', 'Budget']);
    const first = within(screen.getByTestId('item-Item a')).getAllByRole('cell');
    expect(first.slice(1, 3).map((cell) => cell.textContent)).toEqual(['EMEA', 'Web, Email']);
    const second = within(screen.getByTestId('item-Item b')).getAllByRole('cell');
    expect(second.slice(1, 3).map((cell) => cell.textContent)).toEqual(['', '']);
    // The group's name runs over Item and the two field columns, so its Budget sits under Budget.
    expect(within(screen.getByTestId('category-Media')).getAllByRole('cell')[0]?.style.gridColumn).toBe('span 3');
    expect(container.querySelector('.budget-grid')?.classList.contains('with-fields')).toBe(true);
  });

  it('shows no field columns until some are chosen', () => {
    draw(items);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).not.toContain('Region');
  });
});
