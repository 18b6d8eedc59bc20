import { describe, expect, it } from 'vitest';
import { addMonths, createScale, dragRange, moveRange, stretchRange, ticksOf } from './timeline.ts';

describe('the calendar’s date steps', () => {
  it('moves a month end to the next month’s end, into a shorter and a longer month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-02-28', 1)).toBe('2026-03-31');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('keeps any other day, cut to a shorter month’s last day', () => {
    expect(addMonths('2026-01-30', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('moves a whole month campaign by a month, a quarter and a week', () => {
    const march = { start: '2026-03-01', end: '2026-03-31' };
    expect(moveRange(march, 'Month', 1)).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(moveRange(march, 'Quarter', 1)).toEqual({ start: '2026-06-01', end: '2026-06-30' });
    expect(moveRange(march, 'Week', -1)).toEqual({ start: '2026-02-22', end: '2026-03-24' });
  });

  it('stretches the end but never before the start', () => {
    const range = { start: '2026-03-10', end: '2026-03-20' };
    expect(stretchRange(range, 'Week', 1)).toEqual({ start: '2026-03-10', end: '2026-03-27' });
    expect(stretchRange(range, 'Week', -2)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
  });

  it('drags an edge up to the other edge and no further', () => {
    const range = { start: '2026-03-10', end: '2026-03-20' };
    expect(dragRange(range, 'move', 3)).toEqual({ start: '2026-03-13', end: '2026-03-23' });
    expect(dragRange(range, 'start', 15)).toEqual({ start: '2026-03-20', end: '2026-03-20' });
    expect(dragRange(range, 'end', -15)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
  });
});

describe('the calendar’s axis', () => {
  it('places days by zoom and counts both ends of a range', () => {
    const scale = createScale({ start: '2026-01-01', end: '2026-12-31' }, 'Month');
    expect(scale.width).toBe(365 * 3);
    expect(scale.x('2026-01-01')).toBe(0);
    expect(scale.x('2026-02-01')).toBe(31 * 3);
    expect(scale.widthOf({ start: '2026-03-01', end: '2026-03-01' })).toBe(3);
  });

  it('starts week columns on Mondays, month and quarter columns on their first days', () => {
    const axis = { start: '2026-01-01', end: '2026-12-31' };
    const weeks = ticksOf(axis, 'Week');
    expect(weeks.slice(0, 3).map((tick) => tick.date)).toEqual(['2026-01-01', '2026-01-05', '2026-01-12']);
    expect(weeks[1]?.label).toBe('Jan 5');
    expect(ticksOf(axis, 'Month').map((tick) => tick.label)).toHaveLength(12);
    expect(ticksOf(axis, 'Quarter').map((tick) => tick.label)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
    expect(ticksOf({ start: '2026-02-15', end: '2026-07-01' }, 'Quarter').map((tick) => tick.date)).toEqual([
      '2026-02-15',
      '2026-04-01',
      '2026-07-01',
    ]);
  });
});
