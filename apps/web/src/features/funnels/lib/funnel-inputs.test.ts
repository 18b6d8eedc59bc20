import type { Funnel } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { budgetSentence, formatRate, parseNumber, parsePercent } from './funnel-inputs.ts';

const funnel = (fields: Partial<Funnel>): Funnel => ({
  MarketingPlanId: '00000000-0000-4000-8000-000000000001',
  Version: 1,
  HasModel: true,
  RevenueGoal: 1_000_000,
  AverageDealSize: 25_000,
  CostPerLead: 50,
  CostStageId: null,
  DealsNeeded: 40,
  ImpliedBudget: 200_000,
  PlanBudget: 150_000,
  PlanSpend: 0,
  BudgetCoversGoal: false,
  Stages: [],
  ...fields,
});

describe('funnel inputs', () => {
  it('reads typed amounts and percents', () => {
    expect(parseNumber('$1,250.50')).toBe(1250.5);
    expect(parseNumber('abc')).toBeNull();
    expect(parsePercent('25%')).toBe(0.25);
    expect(parsePercent('2.5')).toBe(0.025);
    expect(formatRate(0.025)).toBe('2.5%');
    expect(formatRate(null)).toBe('—');
  });

  it('says plainly whether the budget covers the goal', () => {
    expect(budgetSentence(funnel({}))).toBe(
      'The plan’s budget of $150,000.00 does not cover the goal: it needs $200,000.00, $50,000.00 more.',
    );
    expect(budgetSentence(funnel({ PlanBudget: 250_000, BudgetCoversGoal: true }))).toBe(
      'The plan’s budget of $250,000.00 covers the goal: it needs $200,000.00, leaving $50,000.00.',
    );
    expect(budgetSentence(funnel({ ImpliedBudget: null, CostPerLead: null, BudgetCoversGoal: null }))).toContain('Add a cost per lead');
  });
});
