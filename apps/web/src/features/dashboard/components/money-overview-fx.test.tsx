import type { Dashboard } from '@plansmith/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyOverview } from './money-overview.tsx';

// DESIGN.md §17: the dashboard shows the FX variance only for a plan with spend in another currency.
const dashboard = (fx: { FxVariance: number; ForeignExpenseCount: number }): Dashboard => ({
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  PlanName: '2026 Plan',
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  AsOf: '2026-11-27',
  ElapsedRatio: 0.9,
  Budgeted: 17_500,
  Planned: 0,
  Committed: 108.26,
  Actual: 3_103.36,
  Requested: 0,
  WaitingForApproval: { Count: 0, Amount: 0 },
  Available: 14_288.38,
  LeftToPlan: 14_288.38,
  BurnRate: 0.18,
  Months: [],
  TopCategories: [],
  Overdue: [],
  OverdueCount: 0,
  OverdueAmount: 0,
  RecentActivity: [],
  Landing: { Budget: 17_500, Baseline: null, Forecast: 17_500, Variance: 0, BaselineVariance: null },
  BaseCurrency: 'USD',
  ...fx,
});

describe('the dashboard’s FX variance', () => {
  it('shows the variance, which way it went and how many foreign expenses it covers', () => {
    render(<MoneyOverview dashboard={dashboard({ FxVariance: 18.32, ForeignExpenseCount: 3 })} />);
    const card = screen.getByTestId('fx-variance');
    expect(card.textContent).toContain('+$18.32');
    expect(card.textContent).toContain('cost $18.32 more than at the budget rate');
    expect(card.textContent).toContain('3 expenses in another currency');
    expect(card.textContent).toContain('every figure is in USD');
  });

  it('says "less" for a negative variance, and still shows a zero one when foreign expenses exist', () => {
    const { unmount } = render(<MoneyOverview dashboard={dashboard({ FxVariance: -4.71, ForeignExpenseCount: 1 })} />);
    expect(screen.getByTestId('fx-variance').textContent).toContain('cost $4.71 less than at the budget rate');
    expect(screen.getByTestId('fx-variance').textContent).toContain('1 expense in another currency');
    unmount();
    render(<MoneyOverview dashboard={dashboard({ FxVariance: 0, ForeignExpenseCount: 2 })} />);
    expect(screen.getByTestId('fx-variance').textContent).toContain('the same as at the budget rate');
  });

  it('is absent for a plan all in the base currency', () => {
    render(<MoneyOverview dashboard={dashboard({ FxVariance: 0, ForeignExpenseCount: 0 })} />);
    expect(screen.queryByTestId('fx-variance')).toBeNull();
  });
});
