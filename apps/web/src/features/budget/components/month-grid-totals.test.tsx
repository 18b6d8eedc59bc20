import type { BudgetItem } from '@plansmith/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BudgetRow } from '../lib/budget-rows.ts';
import { buildMonthModel } from '../lib/month-grid-model.ts';
import { periodsOf } from '../lib/periods.ts';
import { CategoryRow, TotalRow } from './month-grid-rows.tsx';

const MONTHS = ['2026-03', '2026-04'];

describe('the month grid’s totals with items in different currencies (DESIGN.md §17)', () => {
  it('adds each item’s month in the base currency: €1,000.00 ($1,082.50) and $500.00 in March make $1,582.50', () => {
    const eur = { Id: 'eur', Name: 'Berlin fair', BudgetCategoryId: 'events', Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 };
    const usd = { Id: 'usd', Name: 'Austin fair', BudgetCategoryId: 'events', Currency: 'USD', Amount: 800, BaseAmount: 800 };
    const rows: BudgetRow[] = [
      { kind: 'category', key: 'c:events', categoryId: 'events', name: 'Events', sums: { budget: 1882.5 } } as BudgetRow,
      { kind: 'item', key: 'eur', item: eur as BudgetItem } as BudgetRow,
      { kind: 'item', key: 'usd', item: usd as BudgetItem } as BudgetRow,
    ];
    const model = buildMonthModel(
      rows,
      [
        { BudgetItemId: 'eur', Currency: 'EUR', Months: [{ Month: '2026-03', Amount: 1000, BaseAmount: 1082.5, Version: 1 }] },
        {
          BudgetItemId: 'usd',
          Currency: 'USD',
          Months: [
            { Month: '2026-03', Amount: 500, BaseAmount: 500, Version: 1 },
            { Month: '2026-04', Amount: 300, BaseAmount: 300, Version: 1 },
          ],
        },
      ],
      MONTHS,
    );
    const periods = periodsOf(MONTHS, 'Months');
    render(
      <table>
        <tbody>
          <CategoryRow
            row={rows[0] as Extract<BudgetRow, { kind: 'category' }>}
            rowIndex={0}
            entries={model.byCategory.get('events') ?? []}
            periods={periods}
            style={{}}
          />
        </tbody>
        <TotalRow rowIndex={4} items={model.items} entries={[...model.cents.values()]} periods={periods} columns="" />
      </table>,
    );
    // Summing the own Amounts would say $1,500.00 (€1,000 + $500).
    const cells = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('month-category-Events')).toEqual(['$1,882.50', '$1,582.50', '$300.00']);
    expect(cells('month-total')).toEqual(['$1,882.50', '$1,582.50', '$300.00']);
  });
});
