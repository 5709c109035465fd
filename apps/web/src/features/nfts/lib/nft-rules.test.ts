import { describe, expect, it } from 'vitest';
import { bidProblem, bpsToFraction, covers, inputAmount, phaseOf, spendable, timeLeft } from './nft-rules';

const item = { scale: 2, minNextBid: '13.13', buyNow: '200.00' };

describe('nft rules', () => {
  it('refuses a bid as the server would, in integer units', () => {
    expect(bidProblem('13.13', item, '100')).toBeNull();
    expect(bidProblem('13.12', item, '100')).toBe('low');
    expect(bidProblem('13.125', item, '100')).toBe('format');
    expect(bidProblem('0', item, '100')).toBe('format');
    expect(bidProblem('-5', item, '100')).toBe('format');
    expect(bidProblem('1e3', item, '100')).toBe('format');
    expect(bidProblem('200', item, '1000')).toBe('buyNow');
    expect(bidProblem('199.99', item, '1000')).toBeNull();
    expect(bidProblem('100.01', item, '100')).toBe('balance');
    expect(bidProblem('100.01', item, null)).toBeNull();
    expect(bidProblem('500', { ...item, buyNow: null }, null)).toBeNull();
    // 0.1 + 0.2 style sums stay exact.
    expect(bidProblem('0.3', { scale: 8, minNextBid: '0.30000000', buyNow: null }, '0.3')).toBeNull();
  });

  it('counts my own leading bid as spendable, and checks a buy-now price against the balance', () => {
    expect(spendable('10.5', '12.5', 2)).toBe('23.00');
    expect(spendable('10.5', null, 2)).toBe('10.5');
    expect(spendable(null, '1', 2)).toBeNull();
    expect(covers('199.99', '200', 2)).toBe(false);
    expect(covers('200', '200.00', 2)).toBe(true);
  });

  it('formats the step, the input and the time left', () => {
    expect(bpsToFraction(500)).toBe('0.05');
    expect(bpsToFraction(1)).toBe('0.0001');
    expect(inputAmount('12.500000')).toBe('12.5');
    expect(inputAmount('13')).toBe('13');
    expect(timeLeft(1000, 1000)).toBeNull();
    expect(timeLeft(90_061_000, 0)).toEqual({ days: 1, clock: '01:01:01' });
    expect(timeLeft(500, 0)).toEqual({ days: 0, clock: '00:00:01' });
  });

  it('shows a live item past its end as ending until the server settles it', () => {
    expect(phaseOf({ status: 'live', startAt: 0, endAt: 10 }, 5)).toBe('live');
    expect(phaseOf({ status: 'live', startAt: 0, endAt: 10 }, 10)).toBe('ending');
    expect(phaseOf({ status: 'ended', startAt: 0, endAt: 10 }, 5)).toBe('ending');
    expect(phaseOf({ status: 'sold', startAt: 0, endAt: 10 }, 5)).toBe('closed');
  });
});
