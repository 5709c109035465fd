import type { SessionSpec } from '@openbourse/contracts/market.ts';

/**
 * Trading sessions: pure functions over a weekly UTC calendar. A window is half-open
 * [from, to): the minute a session closes is already closed. Holidays and daylight saving are not
 * modelled (the US equity window is fixed at 14:30–21:00 UTC, the winter hours).
 */

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 1970-01-01 was a Thursday; day 0 of our week is Sunday, so weeks start at 1970-01-04 − 7 d. */
const WEEK_ORIGIN_MS = -4 * DAY_MS;

function parseWeekTime(text: string): number {
  const m = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) ([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!m) throw new Error(`bad session time "${text}" (expected e.g. "Mon 14:30")`);
  const day = DAYS.indexOf(m[1] as (typeof DAYS)[number]);
  return day * DAY_MS + Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000;
}

export interface CompiledSession {
  always: boolean;
  /** [startMs, endMs) offsets within the week, sorted, non-overlapping; end may exceed WEEK_MS. */
  windows: Array<[number, number]>;
  openMsPerWeek: number;
}

const compiled = new WeakMap<SessionSpec, CompiledSession>();

export function compileSession(spec: SessionSpec): CompiledSession {
  const hit = compiled.get(spec);
  if (hit) return hit;
  let result: CompiledSession;
  if (spec.kind === 'always') {
    result = { always: true, windows: [[0, WEEK_MS]], openMsPerWeek: WEEK_MS };
  } else {
    const windows = spec.windows
      .map((w): [number, number] => {
        const start = parseWeekTime(w.from);
        let end = parseWeekTime(w.to);
        if (end <= start) end += WEEK_MS; // wraps past Saturday midnight
        return [start, end];
      })
      .sort((a, b) => a[0] - b[0]);
    result = { always: false, windows, openMsPerWeek: windows.reduce((s, [a, b]) => s + (b - a), 0) };
  }
  compiled.set(spec, result);
  return result;
}

const weekStart = (ms: number) => ms - ((((ms - WEEK_ORIGIN_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS);

/** Whether the market is open at `date`. */
export function isOpen(spec: SessionSpec, date: Date | number): boolean {
  const c = compileSession(spec);
  if (c.always) return true;
  const ms = typeof date === 'number' ? date : date.getTime();
  const offset = ms - weekStart(ms);
  for (const [a, b] of c.windows) {
    if ((offset >= a && offset < b) || (offset + WEEK_MS >= a && offset + WEEK_MS < b)) return true;
  }
  return false;
}

/** Milliseconds of open market inside [fromMs, toMs). */
export function openMsBetween(spec: SessionSpec, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  const c = compileSession(spec);
  if (c.always) return toMs - fromMs;
  let total = 0;
  // A window that wraps past the week's end starts in the previous week: begin one week early.
  for (let w = weekStart(fromMs) - WEEK_MS; w < toMs; w += WEEK_MS) {
    for (const [a, b] of c.windows) {
      const s = Math.max(w + a, fromMs);
      const e = Math.min(w + b, toMs);
      if (e > s) total += e - s;
    }
  }
  return total;
}

/** Open milliseconds in an average year: the time base of annualised volatility. */
export function openMsPerYear(spec: SessionSpec): number {
  return (compileSession(spec).openMsPerWeek * 365.25) / 7;
}

/** The next instant after `date` at which the session opens or closes; null when it never changes. */
export function nextSessionChange(spec: SessionSpec, date: Date | number): number | null {
  const c = compileSession(spec);
  if (c.always || c.windows.length === 0) return null;
  const ms = typeof date === 'number' ? date : date.getTime();
  const now = isOpen(spec, ms);
  const base = weekStart(ms);
  const candidates: number[] = [];
  for (let w = base - WEEK_MS; w <= base + WEEK_MS; w += WEEK_MS) {
    for (const [a, b] of c.windows) candidates.push(w + a, w + b);
  }
  candidates.sort((x, y) => x - y);
  for (const t of candidates) if (t > ms && isOpen(spec, t) !== now) return t;
  return null;
}

/** Session templates for the seeded instruments. */
export const SESSIONS: Record<'always' | 'forex' | 'futures' | 'usEquity', SessionSpec> = {
  always: { kind: 'always', label: '24/7', windows: [] },
  /** Forex and metals: one continuous week, Sunday 22:00 to Friday 22:00 UTC. */
  forex: { kind: 'weekly', label: 'Sun 22:00 – Fri 22:00 UTC', windows: [{ from: 'Sun 22:00', to: 'Fri 22:00' }] },
  /** Futures (Globex-style): Sunday 22:00 to Friday 21:00 UTC with a daily 21:00–22:00 break. */
  futures: {
    kind: 'weekly',
    label: 'Sun 22:00 – Fri 21:00 UTC, daily break 21:00–22:00',
    windows: [
      { from: 'Sun 22:00', to: 'Mon 21:00' },
      { from: 'Mon 22:00', to: 'Tue 21:00' },
      { from: 'Tue 22:00', to: 'Wed 21:00' },
      { from: 'Wed 22:00', to: 'Thu 21:00' },
      { from: 'Thu 22:00', to: 'Fri 21:00' },
    ],
  },
  /** US equities and ETFs: regular hours, Monday to Friday 14:30–21:00 UTC. */
  usEquity: {
    kind: 'weekly',
    label: 'Mon–Fri 14:30–21:00 UTC',
    windows: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((d) => ({ from: `${d} 14:30`, to: `${d} 21:00` })),
  },
};
