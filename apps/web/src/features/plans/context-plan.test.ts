import type { MarketingPlan } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { contextPlanOf, pickContextPlan } from './context-plan.ts';

const plan = (id: string, state: MarketingPlan['State'], startDate = '2026-01-01'): MarketingPlan => ({
  Id: id,
  Name: id,
  Description: null,
  Active: true,
  State: state,
  StartDate: startDate,
  EndDate: '2026-12-31',
  TeamId: 'team',
  Currency: 'USD',
  ShareKey: null,
  ShareUrl: null,
  UpdatedAt: '2026-01-01T00:00:00.000Z',
  Version: 1,
  BaselineLockedAt: null,
  BaselineLockedBy: null,
  Totals: { Budget: 0, Actual: 0, Committed: 0, Planned: 0, Available: 0, LeftToPlan: 0, BurnRate: 0, ItemCount: 0 },
  Permissions: { CanManagePlan: true, CanEditBudget: true },
});

describe('pickContextPlan', () => {
  const plans = [plan('archived', 2), plan('legacy-live', 0), plan('live', 1), plan('template', 3)];

  it('keeps the plan the user chose last while it is still one of the team’s plans', () => {
    expect(pickContextPlan(plans, 'archived')?.Id).toBe('archived');
  });

  it('never makes a template the context plan, even when it was the one chosen last', () => {
    expect(pickContextPlan(plans, 'template')?.Id).toBe('live');
    expect(pickContextPlan([plan('template', 3)], 'template')).toBeNull();
    expect(pickContextPlan([plan('template', 3)], null)).toBeNull();
  });

  it('falls back to the team’s plan in State 1 when nothing (or a plan of another team) was chosen', () => {
    expect(pickContextPlan(plans, null)?.Id).toBe('live');
    expect(pickContextPlan(plans, 'someone-elses')?.Id).toBe('live');
  });

  it('picks the team’s main plan, the first live one by start date, not the newest, whatever the list order', () => {
    const newest = plan('newest', 1, '2026-11-23');
    const main = plan('main', 1, '2026-01-01');
    expect(pickContextPlan([newest, main, plan('archived', 2, '2025-01-01')], null)?.Id).toBe('main');
    expect(pickContextPlan([main, newest], null)?.Id).toBe('main');
  });

  it('takes a State 0 plan when there is no State 1 plan, and nothing when no plan is live', () => {
    expect(pickContextPlan([plan('archived', 2), plan('legacy-live', 0)], null)?.Id).toBe('legacy-live');
    expect(pickContextPlan([plan('archived', 2)], null)).toBeNull();
  });
});

describe('contextPlanOf', () => {
  const ofTeam = (id: string, teamId: string, state: MarketingPlan['State']) => ({ ...plan(id, state), TeamId: teamId });

  it('takes the first team of the list as the context team while none is chosen', () => {
    const plans = [ofTeam('a-live', 'team-a', 1), ofTeam('b-live', 'team-b', 1)];
    expect(contextPlanOf(plans, null, null)).toMatchObject({ teamId: 'team-a', plan: { Id: 'a-live' } });
    expect(contextPlanOf(plans, 'team-b', null)).toMatchObject({ teamId: 'team-b', plan: { Id: 'b-live' } });
  });

  it('does not keep a chosen plan of another team', () => {
    const plans = [ofTeam('a-live', 'team-a', 1), ofTeam('b-live', 'team-b', 1)];
    expect(contextPlanOf(plans, 'team-a', 'b-live').plan?.Id).toBe('a-live');
    expect(contextPlanOf([], null, 'b-live')).toEqual({ teamId: null, teamPlans: [], plan: null });
  });
});
