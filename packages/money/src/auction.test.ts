import { describe, expect, it } from 'vitest';
import { auctionStatus, checkBid, extendedEnd, isLive, minNextBid, reserveMet, settlementOutcome } from './auction.ts';

const T0 = Date.UTC(2026, 10, 27, 12, 0);
const MIN = 60_000;

describe('minNextBid', () => {
  it.each([
    // current, startPrice, stepBps → min next (all minor units)
    [null, 10_000n, 500, 10_000n],
    [10_000n, 10_000n, 500, 10_500n],
    [10_001n, 10_000n, 500, 10_502n], // 500.05 rounds up to 501
    [1n, 1n, 500, 2n], // 0.05 of a unit rounds up to one unit
    [19n, 1n, 500, 20n], // 0.95 → 1
    [20n, 1n, 500, 21n], // exactly 1
    [21n, 1n, 500, 23n], // 1.05 → 2
    [100n, 1n, 0, 101n], // no step: still one unit more
    [100n, 1n, 10_000, 200n], // 100 %
    [500n, 1_000n, 500, 1_000n], // never below the start price
    [123_456_789n, 1n, 1, 123_469_135n], // 1 bp of 123456789 = 12345.6789 → 12346
  ])('after %s (start %s, step %s bp) is %s', (current, start, step, expected) => {
    expect(minNextBid(current, start, step)).toBe(expected);
  });

  it('refuses a negative or fractional step', () => {
    expect(() => minNextBid(1n, 1n, -1)).toThrow();
    expect(() => minNextBid(1n, 1n, 0.5)).toThrow();
  });
});

describe('extendedEnd', () => {
  const end = T0 + 60 * MIN;
  const ext = 15 * 60;
  it.each([
    ['long before the end', T0, end],
    ['exactly extend before the end (not less)', end - 15 * MIN, end],
    ['one ms inside the window', end - 15 * MIN + 1, end + 1],
    ['one second before the end', end - 1_000, end - 1_000 + 15 * MIN],
    ['one ms before the end', end - 1, end - 1 + 15 * MIN],
    ['at the end', end, null],
    ['after the end', end + 1, null],
  ])('a bid %s', (_label, at, expected) => {
    expect(extendedEnd(end, at as number, ext)).toBe(expected);
  });

  it('no extension when extendSeconds is 0', () => {
    expect(extendedEnd(end, end - 1, 0)).toBe(end);
  });
});

describe('isLive and auctionStatus', () => {
  const start = T0;
  const end = T0 + 60 * MIN;
  it.each([
    [start - 1, false, 'upcoming'],
    [start, true, 'live'],
    [end - 1, true, 'live'],
    [end, false, 'ended'],
    [end + 10 * MIN, false, 'ended'],
  ])('at %s', (at, live, status) => {
    expect(isLive(start, end, at)).toBe(live);
    expect(auctionStatus({ status: 'live', startAt: start, endAt: end, at })).toBe(status);
  });

  it.each(['sold', 'unsold', 'withdrawn'] as const)('a settled %s item keeps its outcome', (s) => {
    expect(auctionStatus({ status: s, startAt: start, endAt: end, at: start + 1 })).toBe(s);
  });
});

describe('settlement outcome (reserve)', () => {
  it.each([
    [null, 100n, 'unsold', false],
    [99n, 100n, 'unsold', false],
    [100n, 100n, 'sold', true],
    [101n, 100n, 'sold', true],
    [1n, 0n, 'sold', true],
  ])('leading %s against a reserve of %s', (current, reserve, outcome, met) => {
    expect(settlementOutcome(current, reserve)).toBe(outcome);
    expect(reserveMet(current, reserve)).toBe(met);
  });
});

describe('checkBid', () => {
  const base = {
    current: 10_000n,
    startPrice: 5_000n,
    stepBps: 500,
    buyNow: 20_000n as bigint | null,
    startAt: T0,
    endAt: T0 + 60 * MIN,
    at: T0 + MIN,
  };
  it.each([
    ['the minimum step', { amount: 10_500n }, 'ok'],
    ['one unit below the step', { amount: 10_499n }, 'below_min'],
    ['at the buy-now price', { amount: 20_000n }, 'at_buy_now'],
    ['just below the buy-now price', { amount: 19_999n }, 'ok'],
    ['without a buy-now price, any amount above the step', { amount: 10n ** 20n, buyNow: null }, 'ok'],
    ['at the exact end time', { amount: 10_500n, at: T0 + 60 * MIN }, 'not_live'],
    ['before the start', { amount: 10_500n, at: T0 - 1 }, 'not_live'],
    ['the first bid at the start price', { amount: 5_000n, current: null }, 'ok'],
    ['the first bid below the start price', { amount: 4_999n, current: null }, 'below_min'],
  ])('%s', (_label, over, verdict) => {
    expect(checkBid({ ...base, ...over })).toBe(verdict);
  });
});
