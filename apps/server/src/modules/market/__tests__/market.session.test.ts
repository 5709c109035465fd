import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileSession,
  isOpen,
  nextSessionChange,
  openMsBetween,
  openMsPerYear,
  SESSIONS,
} from '../market.session.ts';

const at = (iso: string) => new Date(iso).getTime();
const H = 3_600_000;

// 2026-11-15 is a Sunday; 2026-11-18 a Wednesday; 2026-11-20 a Friday; 2026-11-21 a Saturday.
describe('trading sessions', () => {
  it('crypto trades 24/7', () => {
    for (const t of ['2026-11-21T03:00:00Z', '2026-11-22T23:59:59Z', '2026-11-18T12:00:00Z']) {
      expect(isOpen(SESSIONS.always, new Date(t))).toBe(true);
    }
    expect(nextSessionChange(SESSIONS.always, at('2026-11-21T03:00:00Z'))).toBeNull();
  });

  it('forex and metals trade from Sunday 22:00 to Friday 22:00 UTC', () => {
    const cases: Array<[string, boolean]> = [
      ['2026-11-15T21:59:59Z', false],
      ['2026-11-15T22:00:00Z', true],
      ['2026-11-18T03:00:00Z', true],
      ['2026-11-20T21:59:59Z', true],
      ['2026-11-20T22:00:00Z', false],
      ['2026-11-21T12:00:00Z', false],
    ];
    for (const [t, open] of cases) expect(isOpen(SESSIONS.forex, new Date(t)), t).toBe(open);
    expect(nextSessionChange(SESSIONS.forex, at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-22T22:00:00Z'));
    expect(nextSessionChange(SESSIONS.forex, at('2026-11-18T12:00:00Z'))).toBe(at('2026-11-20T22:00:00Z'));
  });

  it('futures have a daily 21:00–22:00 break and close Friday 21:00', () => {
    const cases: Array<[string, boolean]> = [
      ['2026-11-15T22:00:00Z', true],
      ['2026-11-16T20:59:00Z', true],
      ['2026-11-16T21:00:00Z', false],
      ['2026-11-16T21:59:00Z', false],
      ['2026-11-16T22:00:00Z', true],
      ['2026-11-20T20:59:00Z', true],
      ['2026-11-20T21:00:00Z', false],
      ['2026-11-20T22:30:00Z', false],
    ];
    for (const [t, open] of cases) expect(isOpen(SESSIONS.futures, new Date(t)), t).toBe(open);
    expect(nextSessionChange(SESSIONS.futures, at('2026-11-16T21:30:00Z'))).toBe(at('2026-11-16T22:00:00Z'));
  });

  it('US stocks and ETFs trade Monday to Friday 14:30–21:00 UTC', () => {
    const cases: Array<[string, boolean]> = [
      ['2026-11-18T14:29:59Z', false],
      ['2026-11-18T14:30:00Z', true],
      ['2026-11-18T20:59:59Z', true],
      ['2026-11-18T21:00:00Z', false],
      ['2026-11-21T15:00:00Z', false],
      ['2026-11-22T15:00:00Z', false],
      ['2026-11-16T15:00:00Z', true],
    ];
    for (const [t, open] of cases) expect(isOpen(SESSIONS.usEquity, new Date(t)), t).toBe(open);
    expect(nextSessionChange(SESSIONS.usEquity, at('2026-11-18T14:00:00Z'))).toBe(at('2026-11-18T14:30:00Z'));
    expect(nextSessionChange(SESSIONS.usEquity, at('2026-11-18T15:00:00Z'))).toBe(at('2026-11-18T21:00:00Z'));
    expect(nextSessionChange(SESSIONS.usEquity, at('2026-11-20T21:00:00Z'))).toBe(at('2026-11-23T14:30:00Z'));
  });

  it('counts open time over a range', () => {
    const week = [at('2026-11-15T00:00:00Z'), at('2026-11-22T00:00:00Z')] as const;
    expect(openMsBetween(SESSIONS.usEquity, ...week)).toBe(5 * 6.5 * H);
    expect(openMsBetween(SESSIONS.forex, ...week)).toBe(120 * H);
    expect(openMsBetween(SESSIONS.futures, ...week)).toBe(115 * H);
    expect(openMsBetween(SESSIONS.always, ...week)).toBe(168 * H);
    // Across a week boundary: Friday 20:00 → next Monday 15:00.
    expect(openMsBetween(SESSIONS.usEquity, at('2026-11-20T20:00:00Z'), at('2026-11-23T15:00:00Z'))).toBe(1.5 * H);
    expect(openMsBetween(SESSIONS.forex, at('2026-11-20T20:00:00Z'), at('2026-11-23T15:00:00Z'))).toBe(
      2 * H + 2 * H + 15 * H,
    );
    expect(openMsBetween(SESSIONS.forex, at('2026-11-21T00:00:00Z'), at('2026-11-20T00:00:00Z'))).toBe(0);
    expect(openMsPerYear(SESSIONS.usEquity) / H).toBeCloseTo((32.5 * 365.25) / 7, 6);
  });

  it('agrees with itself: open at t ⇔ one open millisecond after t; the next change flips the state', () => {
    const start = at('2020-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.constantFrom(SESSIONS.forex, SESSIONS.futures, SESSIONS.usEquity),
        fc.integer({ min: 0, max: 10 * 365 * 24 * 60 }),
        (session, minute) => {
          const t = start + minute * 60_000;
          expect(openMsBetween(session, t, t + 1) === 1).toBe(isOpen(session, t));
          const next = nextSessionChange(session, t);
          expect(next).not.toBeNull();
          expect(next as number).toBeGreaterThan(t);
          expect(isOpen(session, next as number)).toBe(!isOpen(session, t));
          expect(isOpen(session, (next as number) - 1)).toBe(isOpen(session, t));
        },
      ),
    );
  });

  it('refuses malformed session times', () => {
    expect(() =>
      compileSession({ kind: 'weekly', label: 'bad', windows: [{ from: 'Funday 10:00', to: 'Mon 11:00' }] }),
    ).toThrow(/bad session time/);
  });
});
