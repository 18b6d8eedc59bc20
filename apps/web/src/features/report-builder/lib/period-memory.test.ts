import { afterEach, describe, expect, it } from 'vitest';
import { periodKeyOf, readRememberedPeriod, rememberPeriod } from './period-memory.ts';

afterEach(() => localStorage.clear());

describe('the remembered report period', () => {
  it('is kept per user: another person on the same browser does not get it', () => {
    rememberPeriod('user-a', { From: '2026-04-01', To: '2026-06-30' });
    expect(readRememberedPeriod('user-a')).toEqual({ From: '2026-04-01', To: '2026-06-30' });
    expect(readRememberedPeriod('user-b')).toBeNull();
  });

  it('ignores what is not a period (a bad date, To before From, not JSON)', () => {
    localStorage.setItem(periodKeyOf('u'), JSON.stringify({ From: '2026-07-01', To: '2026-06-30' }));
    expect(readRememberedPeriod('u')).toBeNull();
    localStorage.setItem(periodKeyOf('u'), JSON.stringify({ From: '2026-7-1', To: '2026-12-31' }));
    expect(readRememberedPeriod('u')).toBeNull();
    localStorage.setItem(periodKeyOf('u'), '{not json');
    expect(readRememberedPeriod('u')).toBeNull();
  });
});
