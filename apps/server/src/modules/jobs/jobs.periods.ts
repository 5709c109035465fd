/**
 * Pure period arithmetic for repeating jobs: which period a time falls in, the key that names it,
 * and which periods are due since the last one scheduled. Periods are aligned on the Unix epoch in
 * UTC (a day is a UTC day), so every process computes the same periods and keys from the same time.
 */

export type Every = 'minute' | 'hour' | 'day' | number;
export type CatchUp = 'latest' | 'all';

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

export function everyMs(every: Every): number {
  const ms = typeof every === 'number' ? every : UNIT_MS[every];
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error(`jobs: a period must be a whole number of ms ≥ 1000 (${every})`);
  return ms;
}

/** The index of the period `at` falls in (period n covers [n·ms, (n+1)·ms)). */
export function periodIndex(at: Date, ms: number): number {
  return Math.floor(at.getTime() / ms);
}

export function periodStart(index: number, ms: number): Date {
  return new Date(index * ms);
}

/**
 * The period's key: as much of its start's ISO time as the unit needs (`2026-01-03` for a day,
 * `2026-01-03T05` for an hour, `2026-01-03T05:07` for a minute), the whole ISO time otherwise.
 */
export function periodKey(index: number, every: Every): string {
  const iso = periodStart(index, everyMs(every)).toISOString();
  if (every === 'day') return iso.slice(0, 10);
  if (every === 'hour') return iso.slice(0, 13);
  if (every === 'minute') return iso.slice(0, 16);
  return iso;
}

/**
 * The periods to schedule now, oldest first. `last` is the newest period already scheduled (null
 * when the job never ran: only the current period, nothing from before the job existed).
 * `latest` schedules only the current period however many were missed; `all` every missed one, at
 * most `max` at a time (the next pass continues from there).
 */
export function duePeriods(last: number | null, current: number, catchUp: CatchUp, max: number): number[] {
  if (last === null) return [current];
  if (current <= last) return [];
  if (catchUp === 'latest') return [current];
  const out: number[] = [];
  for (let p = last + 1; p <= current && out.length < max; p++) out.push(p);
  return out;
}

/** 2020-01-01T00:00:00Z: deliveries' priorities count seconds from here (an int4 until 2088). */
const PRIORITY_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * pg-boss fetches the highest priority first: the earlier a run is for, the higher its priority, so
 * a job's caught-up periods run oldest first even when two processes sent them interleaved.
 */
export function deliveryPriority(scheduledFor: Date): number {
  const seconds = Math.floor((scheduledFor.getTime() - PRIORITY_EPOCH_MS) / 1000);
  return -Math.max(0, Math.min(seconds, 2_000_000_000));
}
