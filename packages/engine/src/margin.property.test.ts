import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { addRatio, compareRatio, formatUnits, pow10, RATIO_ZERO, type Ratio, ratio, truncRatio } from './fixed.ts';
import { compileInstrument, type Instrument, type InstrumentSpec, type Side } from './instrument.ts';
import {
  closePosition,
  equityExact,
  feeMinor,
  notionalExact,
  notionalMinor,
  openPosition,
  type Position,
  pnlExact,
  pnlMinor,
  requiredMarginMinor,
  stopOutTicks,
  unrealisedPnlMinor,
  validateStops,
} from './margin.ts';

// Random instruments across asset-class shapes: odd tick sizes (0.25, 0.00005), contract sizes
// from 0.001 to 100000, settlement scales 0..8 (so fractions of a minor unit really occur), both
// conversions.
const specArb: fc.Arbitrary<InstrumentSpec> = fc
  .record({
    tickUnits: fc.integer({ min: 1, max: 25 }),
    tickScale: fc.integer({ min: 0, max: 6 }),
    contractSize: fc.constantFrom('1', '10', '50', '100', '1000', '100000', '0.1', '0.001', '25000'),
    lotStep: fc.constantFrom('1', '0.1', '0.01', '0.001'),
    maxLeverage: fc.integer({ min: 1, max: 1000 }),
    feeRate: fc.constantFrom('0', '0.0001', '0.00025', '0.001', '0.0000375', '0.07'),
    quoteScale: fc.integer({ min: 0, max: 8 }),
    quoteToUsdt: fc.constantFrom('direct' as const, 'inverse' as const),
  })
  .map((r) => ({
    symbol: 'X',
    tickSize: formatUnits(BigInt(r.tickUnits), r.tickScale),
    contractSize: r.contractSize,
    lotStep: r.lotStep,
    minLots: r.lotStep,
    maxLots: '1000000',
    maxLeverage: r.maxLeverage,
    feeRate: r.feeRate,
    quoteScale: r.quoteScale,
    quoteToUsdt: r.quoteToUsdt,
  }));
const insArb = specArb.map(compileInstrument);
const ticks = fc.bigInt({ min: 1n, max: 10n ** 9n });
const steps = fc.bigInt({ min: 1n, max: 100_000n });
const side = fc.constantFrom<Side>('buy', 'sell');
const leverageFor = (ins: Instrument) => fc.integer({ min: 1, max: Number(ins.maxLeverage) });

const positionArb = insArb.chain((ins) =>
  fc.record({ side, entryTicks: ticks, qtySteps: steps, leverage: leverageFor(ins) }).map((p) => ({
    ins,
    pos: openPosition(ins, p),
    leverage: p.leverage,
  })),
);

const neg = (r: Ratio): Ratio => ({ num: -r.num, den: r.den });
const absR = (r: Ratio): Ratio => (r.num < 0n ? neg(r) : r);
const lte = (a: Ratio, b: Ratio) => compareRatio(a, b) <= 0;

/** Splits n into random positive parts. */
const partsOf = (n: bigint, cuts: number[]): bigint[] => {
  const points = [...new Set(cuts.map((c) => BigInt(c) % n).filter((c) => c > 0n))].sort((a, b) => (a < b ? -1 : 1));
  const parts: bigint[] = [];
  let prev = 0n;
  for (const p of points) {
    parts.push(p - prev);
    prev = p;
  }
  parts.push(n - prev);
  return parts;
};

describe('margin properties', () => {
  it('a long PnL is exactly minus the short PnL for the same prices', () => {
    fc.assert(
      fc.property(insArb, ticks, ticks, steps, (ins, entry, exit, qty) => {
        expect(pnlMinor(ins, 'buy', entry, exit, qty)).toBe(-pnlMinor(ins, 'sell', entry, exit, qty));
        expect(pnlExact(ins, 'buy', entry, exit, qty)).toEqual(neg(pnlExact(ins, 'sell', entry, exit, qty)));
      }),
    );
  });

  it('opening and closing at the same price pays 0 and releases exactly the margin', () => {
    fc.assert(
      fc.property(
        positionArb,
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 5 }),
        ({ ins, pos }, cuts) => {
          let p: Position | null = pos;
          let released = 0n;
          for (const part of partsOf(pos.qtySteps, cuts)) {
            const r = closePosition(ins, p!, part, pos.entryTicks);
            expect(r.pnlMinor).toBe(0n);
            released += r.marginReleasedMinor;
            p = r.remaining;
          }
          expect(p).toBeNull();
          expect(released).toBe(pos.marginMinor);
        },
      ),
    );
  });

  it('partial closes at one price sum to the full close (PnL and margin)', () => {
    fc.assert(
      fc.property(
        positionArb,
        ticks,
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }),
        ({ ins, pos }, exit, cuts) => {
          const full = closePosition(ins, pos, pos.qtySteps, exit);
          let p: Position | null = pos;
          let paid = 0n;
          let released = 0n;
          for (const part of partsOf(pos.qtySteps, cuts)) {
            const r = closePosition(ins, p!, part, exit);
            paid += r.pnlMinor;
            released += r.marginReleasedMinor;
            expect(r.marginReleasedMinor >= 0n).toBe(true);
            p = r.remaining;
            if (p) expect(p.marginMinor >= 0n).toBe(true);
          }
          expect(paid).toBe(full.pnlMinor);
          expect(released).toBe(pos.marginMinor);
          expect(full.pnlMinor).toBe(unrealisedPnlMinor(ins, pos, exit));
        },
      ),
    );
  });

  it('partial closes at different prices never pay more than the exact total (no money from nothing)', () => {
    const partArb = fc.record({ cut: fc.integer({ min: 1, max: 1_000_000 }), exit: ticks });
    fc.assert(
      fc.property(positionArb, fc.array(partArb, { maxLength: 8 }), ticks, ({ ins, pos }, parts, lastExit) => {
        let p: Position | null = pos;
        let paid = 0n;
        let exact: Ratio = RATIO_ZERO;
        const sizes = partsOf(
          pos.qtySteps,
          parts.map((x) => x.cut),
        );
        sizes.forEach((size, i) => {
          const exit = parts[i]?.exit ?? lastExit;
          exact = addRatio(exact, pnlExact(ins, p!.side, p!.entryTicks, exit, size));
          const r = closePosition(ins, p!, size, exit);
          paid += r.pnlMinor;
          p = r.remaining;
        });
        expect(paid).toBe(truncRatio(exact));
        expect(lte(absR(ratio(paid, 1n)), absR(exact))).toBe(true);
        expect(p).toBeNull();
      }),
    );
  });

  it('margin × leverage covers the notional, rounding up by less than one minor unit', () => {
    fc.assert(
      fc.property(
        insArb.chain((ins) => fc.tuple(fc.constant(ins), ticks, steps, leverageFor(ins))),
        ([ins, price, qty, lev]) => {
          const n = notionalExact(ins, price, qty);
          const m = requiredMarginMinor(ins, price, qty, lev);
          const L = BigInt(lev);
          // m × L ≥ n   and   (m − 1) × L < n   (in minor units, n = num/den)
          expect(m * L * n.den >= n.num).toBe(true);
          expect((m - 1n) * L * n.den < n.num).toBe(true);
          // the displayed (rounded-up) notional gives the same margin
          const shown = notionalMinor(ins, price, qty);
          expect((shown + L - 1n) / L).toBe(m);
        },
      ),
    );
  });

  it('the fee is the notional × rate rounded up by less than one minor unit', () => {
    fc.assert(
      fc.property(insArb, ticks, steps, (ins, price, qty) => {
        const n = notionalExact(ins, price, qty);
        const f = feeMinor(ins, price, qty);
        const scale = pow10(ins.feeRate.scale);
        const exactNum = n.num * ins.feeRate.units; // exact fee = exactNum / (n.den × scale)
        expect(f * n.den * scale >= exactNum).toBe(true);
        expect((f - 1n) * n.den * scale < exactNum).toBe(true);
      }),
    );
  });

  it('an inverse pair converts at the exit price: PnL_USDT × price = PnL_quote', () => {
    fc.assert(
      fc.property(specArb, side, ticks, ticks, steps, (spec, s, entry, exit, qty) => {
        const inverse = compileInstrument({ ...spec, quoteToUsdt: 'inverse' });
        const direct = compileInstrument({ ...spec, quoteToUsdt: 'direct' }); // same formula, in the quote
        const usdt = pnlExact(inverse, s, entry, exit, qty);
        const quote = pnlExact(direct, s, entry, exit, qty);
        const price = ratio(exit * inverse.tick.units, pow10(inverse.tick.scale));
        expect(ratio(usdt.num * price.num, usdt.den * price.den)).toEqual(quote);
      }),
    );
  });

  it('the stop-out price is exactly the first grid price where equity ≤ level × margin', () => {
    const level = fc.constantFrom('0', '0.2', '0.5', '0.8', '0.999');
    fc.assert(
      fc.property(positionArb, level, ticks, ({ ins, pos }, lvl, probe) => {
        const s = stopOutTicks(ins, pos, lvl);
        const [lu, ls] = lvl === '0' ? [0n, 0] : [BigInt(lvl.slice(2)), lvl.length - 2];
        const threshold = ratio(lu * pos.marginMinor, pow10(ls));
        const reached = (p: bigint) => lte(equityExact(ins, pos, p), threshold);
        const long = pos.side === 'buy';
        if (s === null) {
          // No positive price reaches the level: a long at the lowest price, a short at any price.
          expect(reached(long ? 1n : probe * 1000n)).toBe(false);
          return;
        }
        expect(reached(s)).toBe(true); // never late: the trigger price itself is at/below the level
        // never early: one tick toward the market, equity is still above the level
        if (long) expect(reached(s + 1n)).toBe(false);
        else if (s > 1n) expect(reached(s - 1n)).toBe(false);
        // and in general: the level is reached exactly on the trigger's side of s
        expect(reached(probe)).toBe(long ? probe <= s : probe >= s);
      }),
    );
  });

  it('stops validate exactly when they are on the right side of the closing price', () => {
    fc.assert(
      fc.property(
        side,
        fc.bigInt({ min: 1n, max: 200n }),
        fc.bigInt({ min: 0n, max: 5n }),
        fc.option(fc.bigInt({ min: 1n, max: 210n })),
        fc.option(fc.bigInt({ min: 1n, max: 210n })),
        (s, bid, spread, sl, tp) => {
          const quote = { bidTicks: bid, askTicks: bid + spread };
          const ref = s === 'buy' ? bid : bid + spread;
          const slOk = sl === null || (s === 'buy' ? sl < ref : sl > ref);
          const tpOk = tp === null || (s === 'buy' ? tp > ref : tp < ref);
          let ok = true;
          try {
            validateStops(s, { stopLossTicks: sl, takeProfitTicks: tp }, quote);
          } catch (e) {
            expect(e).toBeInstanceOf(EngineError);
            expect((e as EngineError).code).toBe('unreasonable_price');
            ok = false;
          }
          expect(ok).toBe(slOk && tpOk);
        },
      ),
    );
  });
});
