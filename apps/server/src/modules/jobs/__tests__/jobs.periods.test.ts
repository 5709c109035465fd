import { describe, expect, it } from 'vitest';
import { duePeriods, everyMs, periodIndex, periodKey, periodStart } from '../jobs.periods.ts';

const DAY = 86_400_000;

describe('job periods', () => {
  it('names each period by its UTC start, as precisely as the unit needs', () => {
    const at = new Date('2026-03-04T05:06:07.890Z');
    expect(periodKey(periodIndex(at, DAY), 'day')).toBe('2026-03-04');
    expect(periodKey(periodIndex(at, 3_600_000), 'hour')).toBe('2026-03-04T05');
    expect(periodKey(periodIndex(at, 60_000), 'minute')).toBe('2026-03-04T05:06');
    expect(periodKey(periodIndex(at, 15_000), 15_000)).toBe('2026-03-04T05:06:00.000Z');
    expect(periodStart(periodIndex(at, DAY), DAY).toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it('refuses periods that are not whole seconds or more', () => {
    expect(everyMs('day')).toBe(DAY);
    expect(() => everyMs(999)).toThrow();
    expect(() => everyMs(1500.5)).toThrow();
  });

  it('schedules the current period first, then each new one; after a gap the latest or all', () => {
    expect(duePeriods(null, 10, 'latest', 100)).toEqual([10]);
    expect(duePeriods(null, 10, 'all', 100)).toEqual([10]);
    expect(duePeriods(10, 10, 'all', 100)).toEqual([]);
    expect(duePeriods(11, 10, 'all', 100)).toEqual([]); // a clock set back schedules nothing
    expect(duePeriods(10, 11, 'latest', 100)).toEqual([11]);
    expect(duePeriods(10, 13, 'latest', 100)).toEqual([13]);
    expect(duePeriods(10, 13, 'all', 100)).toEqual([11, 12, 13]);
    expect(duePeriods(10, 500, 'all', 3)).toEqual([11, 12, 13]);
  });
});
