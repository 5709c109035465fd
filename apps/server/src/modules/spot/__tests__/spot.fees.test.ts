import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyHoldUnits, orderFees, userRates, worstRatePpm } from '../spot.fees.ts';
import { feeDue } from '../spot.grid.ts';
import { btcUsdtGrid } from './fixtures.ts';

const grid = btcUsdtGrid;

describe('spot fees (one function for the preview and the settlement)', () => {
  it('takes the VIP discount off each rate, rounded up to the ppm', () => {
    expect(userRates(grid(), 0)).toEqual({ makerPpm: 800n, takerPpm: 1000n });
    expect(userRates(grid(), 1000)).toEqual({ makerPpm: 720n, takerPpm: 900n });
    // 15 ppm less 10 % is 13.5 ppm: charged 14, never undercharged by a rounding.
    expect(userRates(grid({ makerFeePpm: 15, takerFeePpm: 15 }), 1000)).toEqual({ makerPpm: 14n, takerPpm: 14n });
  });

  it('shows a post-only order at the maker rate, any other at the higher of the two', () => {
    const r = { makerPpm: 800n, takerPpm: 1000n };
    expect(worstRatePpm(r, 'POST_ONLY')).toBe(800n);
    expect(worstRatePpm(r, 'GTC')).toBe(1000n);
    // A pair whose maker pays more than its taker: a resting GTC order pays the maker's.
    expect(worstRatePpm({ makerPpm: 2000n, takerPpm: 1000n }, 'GTC')).toBe(2000n);
  });

  it('prices a limit buy and sell at their price, rounding the fee up to the quote’s unit', () => {
    const g = grid();
    // 90,000 × 0.01 = 900 USDT; 0.1 % = 0.9.
    const buy = orderFees(g, { side: 'buy', tif: 'GTC', boundTicks: 9_000_000, lots: 100 }, 0);
    expect(buy).toMatchObject({ ratePpm: 1000n, turnover: 900_000_000n, fee: 900_000n, hold: 900_900_000n });
    expect(buy.total).toBe(900_900_000n);
    const sell = orderFees(g, { side: 'sell', tif: 'GTC', boundTicks: 9_000_000, lots: 100 }, 1000);
    expect(sell).toMatchObject({ ratePpm: 900n, fee: 810_000n, total: 899_190_000n, hold: 1_000_000n });
    // One minor unit of turnover still pays one minor unit of fee.
    const tiny = orderFees(g, { side: 'buy', tif: 'GTC', boundTicks: 1, lots: 1 }, 0);
    expect(tiny).toMatchObject({ turnover: 1n, fee: 1n, total: 2n, hold: 2n });
  });

  it('holds at the undiscounted higher rate, so a level lost before a fill is still covered', () => {
    const g = grid();
    const vip = orderFees(g, { side: 'buy', tif: 'POST_ONLY', boundTicks: 9_000_000, lots: 100 }, 2500);
    expect(vip.hold).toBe(buyHoldUnits(g, 9_000_000, 100));
    expect(vip.hold).toBe(900_900_000n);
    expect(vip.fee).toBe(540_000n); // 0.06 %
  });

  it('a buy’s fills at or under its bound never cost more than its fee, total and hold', () => {
    const g = grid({ makerFeePpm: 777, takerFeePpm: 1333 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.record({ lots: fc.integer({ min: 1, max: 500 }), below: fc.nat(1000), taker: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom(0, 500, 1000, 2500),
        fc.constantFrom('GTC' as const, 'IOC' as const, 'POST_ONLY' as const),
        (bound, fills, bps, tif) => {
          const lots = fills.reduce((s, f) => s + f.lots, 0);
          const shown = orderFees(g, { side: 'buy', tif, boundTicks: bound, lots }, bps);
          const rates = userRates(g, bps);
          let accrual = 0n;
          let fee = 0n;
          let turnover = 0n;
          for (const f of fills) {
            const ticks = Math.max(1, bound - f.below);
            const t = BigInt(ticks) * BigInt(f.lots) * g.turnoverUnit;
            // A post-only order only ever rests: it is always the maker.
            const rate = f.taker && tif !== 'POST_ONLY' ? rates.takerPpm : rates.makerPpm;
            const due = feeDue(accrual, fee, t, rate);
            accrual = due.accrual;
            fee += due.fee;
            turnover += t;
          }
          expect(fee).toBeLessThanOrEqual(shown.fee);
          expect(turnover + fee).toBeLessThanOrEqual(shown.total);
          expect(shown.total).toBeLessThanOrEqual(shown.hold);
        },
      ),
    );
  });
});
