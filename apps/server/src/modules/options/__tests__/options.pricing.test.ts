/** The model's inputs from the market's calendar, and a quote's figures checked by hand. */
import { describe, expect, it } from 'vitest';
import { openMsBetween } from '../../market/market.session.ts';
import { SESSIONS } from '../../market/market.session.ts';
import {
  minutesPerOpenYear,
  openWindowStart,
  periodYears,
  quoteFigures,
  VOL_WINDOW_OPEN_MS,
} from '../options.pricing.ts';

const HOUR = 3_600_000;

describe('options pricing inputs', () => {
  it('counts a year of open time: 525,960 minutes for 24/7, ~101,748 for US equities', () => {
    expect(minutesPerOpenYear(SESSIONS.always)).toBe(525_960);
    expect(minutesPerOpenYear(SESSIONS.usEquity)).toBeCloseTo(101_748.214, 2);
    expect(periodYears(SESSIONS.always, 86_400)).toBeCloseTo(1 / 365.25, 15);
    expect(periodYears(SESSIONS.usEquity, 3_600)).toBeCloseTo(0.000589690938767, 12);
  });

  it('reaches back as far as 24 hours of open time need', () => {
    const wednesday = Date.parse('2026-11-18T15:00:00Z');
    expect(openWindowStart(SESSIONS.always, wednesday, VOL_WINDOW_OPEN_MS)).toBe(wednesday - 24 * HOUR);
    // US equities: 6.5 open hours a day, so 24 open hours reach back into the previous week.
    const from = openWindowStart(SESSIONS.usEquity, wednesday, VOL_WINDOW_OPEN_MS);
    expect(openMsBetween(SESSIONS.usEquity, from, wednesday)).toBe(VOL_WINDOW_OPEN_MS);
    expect(new Date(from).toISOString() < '2026-11-14T00:00:00.000Z').toBe(true);
    // Monday morning (forex opened on Sunday 22:00): the other 16 hours are Friday's last ones (06:00–22:00).
    const monday = Date.parse('2026-11-16T06:00:00Z');
    const fx = openWindowStart(SESSIONS.forex, monday, VOL_WINDOW_OPEN_MS);
    expect(new Date(fx).toISOString()).toBe('2026-11-13T06:00:00.000Z');
  });

  it('states a quote: capped call at σ 0.6 over an hour, 5 % spread rounded up, maximum payout rounded down', () => {
    const f = quoteFigures({
      kind: 'call',
      session: SESSIONS.always,
      periodSeconds: 3_600,
      volatility: '0.6000',
      capMove: '0.05',
      spreadBps: 500,
      amount: '100',
      scale: 6,
    });
    // C(1, 1) − C(1, 1.05) with σ√T = 0.6 × √(1 / 8766) (reference: CPython's erfc).
    expect(f).toEqual({
      volatility: '0.6000',
      modelRate: '0.0025565827',
      rate: '0.00268442',
      maxPayout: '1862.599742',
    });
  });
});
