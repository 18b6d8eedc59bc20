import type { Activity } from '@plansmith/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityList } from './activity-list.tsx';

const base: Activity = {
  Id: '6b1f3c2e-0d4a-4f7e-9a52-0a0000000001',
  Name: 'Google Search Ads — Mar',
  SortOrder: 0,
  Active: true,
  Description: '',
  EntityType: 'Expense',
  EntityId: '6b1f3c2e-0d4a-4f7e-9a52-0e0000000001',
  MarketingPlanId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401',
  Action: 'update',
  ActorId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b03',
  ActorName: 'Morgan Member',
  Changes: [],
  CreatedAt: '2026-03-04T15:00:00.000Z',
  CanDelete: false,
  Version: 1,
};

describe('ActivityList', () => {
  it('says who changed what, with money in USD, statuses by name and ids only as “changed”', () => {
    render(
      <ActivityList
        activities={[
          {
            ...base,
            Changes: [
              { Field: 'Amount', From: 100, To: 150.5 },
              { Field: 'Status', From: 2, To: 3 },
              { Field: 'BudgetItemId', From: 'a', To: 'b' },
              { Field: 'Payee', From: null, To: 'Google' },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByText('Morgan Member')).toBeTruthy();
    expect(screen.getByText(/changed the expense/)).toBeTruthy();
    expect(screen.getByText('Amount: $100.00 → $150.50')).toBeTruthy();
    expect(screen.getByText('Status: Committed → Actual')).toBeTruthy();
    expect(screen.getByText('BudgetItemId changed')).toBeTruthy();
    expect(screen.getByText('Payee: — → Google')).toBeTruthy();
  });

  it('offers Delete only on notes the reader may delete, never on the audit trail', () => {
    render(
      <ActivityList
        onDelete={() => undefined}
        activities={[
          { ...base, Id: '6b1f3c2e-0d4a-4f7e-9a52-0a0000000002', Action: 'note', Description: 'Mine', CanDelete: true },
          { ...base, Id: '6b1f3c2e-0d4a-4f7e-9a52-0a0000000003', Action: 'note', Description: 'Theirs', CanDelete: false },
          { ...base, Id: '6b1f3c2e-0d4a-4f7e-9a52-0a0000000004', Action: 'create', Description: 'Recorded $5.00 actual' },
        ]}
      />,
    );
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(screen.getByText('Recorded $5.00 actual')).toBeTruthy();
  });
});
