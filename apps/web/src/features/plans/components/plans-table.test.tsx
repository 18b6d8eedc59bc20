import type { MarketingPlan } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlansTable } from './plans-table.tsx';

const plan: MarketingPlan = {
  Id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  Name: '2026 Marketing Plan',
  Description: null,
  Active: true,
  State: 1,
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  TeamId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01',
  Currency: 'USD',
  ShareKey: null,
  ShareUrl: null,
  UpdatedAt: '2026-11-26T12:00:00.000Z',
  Version: 1,
  BaselineLockedAt: null,
  BaselineLockedBy: null,
  Totals: {
    Budget: 943_800,
    Actual: 10_782_952.96,
    Committed: 0,
    Planned: 0,
    Available: -11_159_697.28,
    LeftToPlan: 0,
    BurnRate: 11.43,
    ItemCount: 22,
  },
  Permissions: { CanManagePlan: true, CanEditBudget: true },
};

describe('the plans table', () => {
  it('keeps each money figure on one line, in en-US dollars', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <App>
            <PlansTable plans={[plan]} contextPlanId={plan.Id} onEdit={() => {}} onShare={() => {}} emptyText="No plans" />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    for (const figure of ['$943,800.00', '$10,782,952.96', '-$11,159,697.28']) {
      expect(screen.getByRole('cell', { name: figure }).style.whiteSpace).toBe('nowrap');
    }
  });
});
