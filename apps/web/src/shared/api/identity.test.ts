import type { Permission } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { hasPolicy } from './identity.ts';

const entry = (name: string, permission: 1 | 2): Permission => ({
  Name: name,
  Permission: permission,
  Policy: { Name: name, PolicyType: 4 },
});

describe('route policy check (deny by default)', () => {
  it('grants only an entry that exists and says 1', () => {
    expect(hasPolicy([entry('Plan.Performance', 1)], 'Plan.Performance')).toBe(true);
  });

  it('denies an entry that says 2', () => {
    expect(hasPolicy([entry('Plan.Performance', 2)], 'Plan.Performance')).toBe(false);
  });

  it('denies a policy with no entry, and denies while permissions are unknown', () => {
    expect(hasPolicy([entry('Plan.Agility', 1)], 'Plan.Performance')).toBe(false);
    expect(hasPolicy(undefined, 'Plan.Performance')).toBe(false);
  });
});
