import type { GuestPlanSummary } from '@plansmith/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayFormat } from '../../../shared/format/display-format.ts';
import { GuestPlanSummaryView } from './guest-plan-summary.tsx';

const money = { Budgeted: 5000, Planned: 0, Committed: 50, Actual: 1234.5, Available: 3715.5, LeftToPlan: 3715.5 };
const summary = (BaseCurrency: GuestPlanSummary['BaseCurrency']): GuestPlanSummary => ({
  Name: 'EMEA 2026',
  Description: null,
  StartDate: '2026-01-01',
  EndDate: '2026-12-31',
  ...money,
  Categories: [{ Name: 'Events', CategoryType: 1, ...money }],
  Types: [{ CategoryType: 1, ...money }],
  BaseCurrency,
});

afterEach(() => {
  setDisplayFormat({ locale: 'en-US', baseCurrency: 'USD' });
});

describe('the guest summary in its tenant’s base currency', () => {
  it('formats every figure in the base currency the summary names (a guest has no tenant of its own)', () => {
    render(<GuestPlanSummaryView summary={summary('EUR')} />);
    expect(screen.getByText(/amounts in EUR/)).toBeTruthy();
    expect(screen.getAllByText('€1,234.50').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('$1,234.50')).toHaveLength(0);
  });

  it('stays in dollars for a USD tenant', () => {
    render(<GuestPlanSummaryView summary={summary('USD')} />);
    expect(screen.getAllByText('$1,234.50').length).toBeGreaterThan(0);
  });
});
