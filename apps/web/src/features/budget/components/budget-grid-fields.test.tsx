import type { BudgetItem } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRows, sumItems } from '../lib/budget-rows.ts';
import { BudgetGrid } from './budget-grid.tsx';

// happy-dom lays nothing out: the grid's scroller gets the size a browser would give it, so the
// virtualiser draws its rows.
const layout = (['clientWidth', 'clientHeight'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(() => {
  for (const [name, original] of layout) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('budget-grid-scroll')) return name === 'clientWidth' ? 1200 : 600;
        return original?.get?.call(this) ?? 0;
      },
    });
  }
});
afterAll(() => {
  for (const [name, original] of layout) if (original) Object.defineProperty(HTMLElement.prototype, name, original);
});

const item = (id: string, customFields: BudgetItem['CustomFields']): BudgetItem => ({
  Id: id,
  Name: `Item ${id}`,
  Description: null,
  Active: true,
  Currency: 'USD',
  Amount: 19.99,
  BaseAmount: 19.99,
  BurnRate: 0,
  Actual: 0,
  Committed: 0,
  Planned: 0,
  Requested: 0,
  Available: 19.99,
  LeftToPlan: 19.99,
  ItemType: 1,
  BudgetCategoryId: 'media',
  BudgetCategoryName: 'Media',
  CategoryType: 1,
  MarketingPlanId: 'plan',
  ObjectiveId: null,
  GeneralLedgerCodeId: null,
  CampaignId: null,
  IsPhased: false,
  UpdatedAt: '2026-01-01T00:00:00.000Z',
  Version: 1,
  CustomFields: customFields,
});

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
