import type { BudgetItem } from '@plansmith/contract';
import { afterAll, beforeAll } from 'vitest';

/**
 * happy-dom lays nothing out: for the calling test file, the grid's scroller gets the size a browser
 * would give it, so the virtualiser draws its rows. Call once at the top level of a test file.
 */
export const layOutBudgetGrid = () => {
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
};

/** A $19.99 Media item of the USD plan 'plan', nothing spent. */
export const gridItem = (id: string, customFields: BudgetItem['CustomFields'] = {}): BudgetItem => ({
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
