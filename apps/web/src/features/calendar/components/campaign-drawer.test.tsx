import type { Campaign } from '@plansmith/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../lib/calendar-rows.ts';
import { CampaignDrawer } from './campaign-drawer.tsx';

const TOTALS = { Budget: 1882.5, Planned: 0, Committed: 0, Actual: 0, Forecast: 0 };
const campaign = {
  Id: 'c1',
  Name: 'Trade fairs',
  Depth: 1,
  ParentId: null,
  StartDate: '2026-03-01',
  EndDate: '2026-04-30',
  Totals: TOTALS,
} as unknown as Campaign;
const item = (values: Partial<CalendarItem>): CalendarItem => ({
  Id: 'i',
  Name: 'i',
  Currency: 'USD',
  Amount: 0,
  BaseAmount: 0,
  BudgetCategoryId: 'events',
  BudgetCategoryName: 'Events',
  IsPhased: false,
  CampaignId: 'c1',
  ...values,
});

describe('the campaign drawer’s items (DESIGN.md §17)', () => {
  it('shows an item in another currency in its own amount with the base one, a base-currency item as before', () => {
    render(
      <MemoryRouter>
        <CampaignDrawer
          campaign={campaign}
          parentName={null}
          onClose={() => undefined}
          items={[
            item({ Id: 'e', Name: 'Berlin fair', Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 }),
            item({ Id: 'u', Name: 'Austin fair', Amount: 800, BaseAmount: 800 }),
          ]}
        />
      </MemoryRouter>,
    );
    // Before, the drawer showed the own Amount as base money: "$1,000.00".
    expect(screen.getByRole('group', { name: '€1,000.00 ($1,082.50)' })).toBeTruthy();
    expect(screen.getByText('$800.00')).toBeTruthy();
    expect(screen.queryByText('$1,000.00')).toBeNull();
  });
});
