import { pow10 } from '@openbourse/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeRateUnits, RATE_SCALE, receiveUnits } from '../exchange.rate.ts';

const ONE = pow10(RATE_SCALE);

describe('the exchange rate and what an amount receives', () => {
  it('applies the spread to the price ratio exactly when nothing needs rounding', () => {
    expect(exchangeRateUnits(95_000n * ONE, ONE, 50)).toBe(94_525n * ONE);
    expect(exchangeRateUnits(ONE, ONE, 0)).toBe(ONE);
    expect(receiveUnits(2n * 10n ** 8n, 8, 94_525n * ONE, 6)).toBe(189_050n * 10n ** 6n);
  });

  it('never gives the user more than the exact value, and loses less than one unit of each rounding', () => {
    const scale = fc.integer({ min: 0, max: 18 });
    const price = fc.bigInt({ min: 1n, max: 10n ** 26n });
    fc.assert(
      fc.property(
        price,
        price,
        fc.integer({ min: 0, max: 9_999 }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        scale,
        scale,
        (fromP, toP, bps, amount, fromScale, toScale) => {
          const rate = exchangeRateUnits(fromP, toP, bps);
          // rate ≤ exact rate < rate + 1 unit (at RATE_SCALE): rate·toP·10000 ≤ fromP·(10000−bps)·10^18.
          const exact = fromP * BigInt(10_000 - bps) * ONE;
          expect(rate * toP * 10_000n <= exact).toBe(true);
          expect((rate + 1n) * toP * 10_000n > exact).toBe(true);
          const got = receiveUnits(amount, fromScale, rate, toScale);
          // got ≤ amount × rate < got + 1 unit of `to`, at the common scale fromScale + RATE_SCALE.
          const value = amount * rate;
          const unit = pow10(fromScale + RATE_SCALE - toScale);
          expect(got * unit <= value).toBe(true);
          expect((got + 1n) * unit > value).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses prices that are not positive and spreads outside [0, 10000)', () => {
    expect(() => exchangeRateUnits(0n, ONE, 50)).toThrow(RangeError);
    expect(() => exchangeRateUnits(ONE, -1n, 50)).toThrow(RangeError);
    expect(() => exchangeRateUnits(ONE, ONE, 10_000)).toThrow(RangeError);
    expect(() => exchangeRateUnits(ONE, ONE, -1)).toThrow(RangeError);
  });
});
