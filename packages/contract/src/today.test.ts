import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, todayInZone } from './today.ts';

describe('todayInZone', () => {
  it('is the day in the zone, not the UTC day, at 23:30 in Los Angeles and early morning in Tokyo', () => {
    // Monday 15 June 2026, 23:30 in Los Angeles (PDT, UTC-7) is Tuesday 06:30 UTC.
    expect(todayInZone('America/Los_Angeles', new Date('2026-06-16T06:30:00Z'))).toBe('2026-06-15');
    // 08:30 on Monday in Tokyo (UTC+9) is 23:30 on Sunday in UTC.
    expect(todayInZone('Asia/Tokyo', new Date('2026-06-14T23:30:00Z'))).toBe('2026-06-15');
    expect(todayInZone('UTC', new Date('2026-06-14T23:30:00Z'))).toBe('2026-06-14');
  });

  it('turns at local midnight, across a year end too', () => {
    expect(todayInZone('America/Los_Angeles', new Date('2027-01-01T07:59:59Z'))).toBe('2026-12-31');
    expect(todayInZone('America/Los_Angeles', new Date('2027-01-01T08:00:00Z'))).toBe('2027-01-01');
    expect(todayInZone('Asia/Tokyo', new Date('2026-12-31T14:59:59Z'))).toBe('2026-12-31');
    expect(todayInZone('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('counts an unknown or missing zone as UTC instead of failing', () => {
    const instant = new Date('2026-06-16T06:30:00Z');
    expect(todayInZone('Mars/Olympus_Mons', instant)).toBe('2026-06-16');
    expect(todayInZone('', instant)).toBe('2026-06-16');
    expect(todayInZone(null, instant)).toBe('2026-06-16');
  });
});

describe('canonicalTimeZone', () => {
  it('answers the IANA name for a known zone in any case, and null for anything else', () => {
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('\ud800')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});
