import { describe, expect, it } from 'vitest';
import { getHref, isAppPath, policyOf } from './paths.ts';

describe('the route table', () => {
  it('builds links with encoded parameters and query values', () => {
    expect(getHref('plan', { id: 'a b' })).toBe('/plans/a%20b');
    expect(getHref('register', {}, { plan: 'performance', bill: 'month', missing: undefined })).toBe(
      '/register?plan=performance&bill=month',
    );
  });

  it('knows the app routes, including the route spelled /account/biling, and nothing else', () => {
    expect(isAppPath('/account/biling')).toBe(true);
    expect(isAppPath('/budget/123')).toBe(true);
    expect(isAppPath('/Budget/123/')).toBe(true);
    expect(isAppPath('/budget/123/extra')).toBe(false);
    expect(isAppPath('/account/billing')).toBe(false);
  });

  it('carries the route policies of SPEC.md §2', () => {
    expect(policyOf('performance')).toBe('Plan.Performance');
    expect(policyOf('funnels')).toBe('Plan.Performance');
    expect(policyOf('playbook')).toBe('Plan.Agility');
    expect(policyOf('spending')).toBeUndefined();
  });
});
