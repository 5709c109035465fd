import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { divCeil, divFloor, divTrunc, parseDecimal } from './fixed.ts';
import {
  checkLeverage,
  compileInstrument,
  type InstrumentSpec,
  isOnTickGrid,
  lotsToSteps,
  priceToTicks,
  stepsToLots,
  ticksToPrice,
} from './instrument.ts';
import { ES, EURUSD, USDJPY } from './test-instruments.ts';

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.code;
    throw e;
  }
  return undefined;
};

const base: InstrumentSpec = {
  symbol: 'T',
  tickSize: '0.01',
  contractSize: '1',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '10',
  maxLeverage: 10,
  feeRate: '0.001',
  quoteScale: 6,
  quoteToUsdt: 'direct',
};

describe('compileInstrument', () => {
  it('precomputes the value of one tick on one lot step', () => {
    // EUR/USD: 0.00001 × 0.01 lot × 100000 = 0.01 USDT = 10000 minor
    expect(EURUSD.tickValue).toEqual({ num: 10_000n, den: 1n });
    // USD/JPY: one lot step is 1000 USD of notional
    expect(USDJPY.stepBase).toEqual({ num: 1_000_000_000n, den: 1n });
    expect(EURUSD.minSteps).toBe(1n);
    expect(EURUSD.maxSteps).toBe(10_000n);
  });

  it.each([
    [{ tickSize: '0' }, 'invalid_spec'],
    [{ contractSize: '0.0' }, 'invalid_spec'],
    [{ tickSize: '1e-2' }, 'invalid_decimal'],
    [{ lotStep: '-0.01' }, 'invalid_decimal'],
    [{ minLots: '0.015' }, 'invalid_spec'],
    [{ minLots: '2', maxLots: '1' }, 'invalid_spec'],
    [{ maxLeverage: 0 }, 'invalid_spec'],
    [{ maxLeverage: 1.5 }, 'invalid_spec'],
    [{ feeRate: '1' }, 'invalid_spec'],
    [{ quoteScale: 19 }, 'invalid_spec'],
    [{ quoteToUsdt: 'sideways' as never }, 'invalid_spec'],
  ] as const)('refuses %o', (patch, code) => {
    expect(codeOf(() => compileInstrument({ ...base, ...patch }))).toBe(code);
  });
});

describe('grids', () => {
  it('reads prices on the tick grid and refuses others without rounding', () => {
    expect(priceToTicks(EURUSD, '1.10000')).toBe(110_000n);
    expect(priceToTicks(EURUSD, '1.1')).toBe(110_000n);
    expect(priceToTicks(ES, '5000.25')).toBe(20_001n);
    expect(codeOf(() => priceToTicks(ES, '5000.10'))).toBe('off_tick_grid');
    expect(codeOf(() => priceToTicks(EURUSD, '1.100001'))).toBe('off_tick_grid');
    expect(codeOf(() => priceToTicks(EURUSD, '0'))).toBe('invalid_quote');
    expect(codeOf(() => priceToTicks(EURUSD, '1,1'))).toBe('invalid_decimal');
    expect(isOnTickGrid(ES, '5000.75')).toBe(true);
    expect(isOnTickGrid(ES, '5000.7')).toBe(false);
    expect(ticksToPrice(EURUSD, 110_000n)).toBe('1.10000');
    expect(ticksToPrice(ES, 20_001n)).toBe('5000.25');
  });

  it('reads lots on the lot-step grid within min..max', () => {
    expect(lotsToSteps(EURUSD, '0.5')).toBe(50n);
    expect(stepsToLots(EURUSD, 50n)).toBe('0.50');
    expect(codeOf(() => lotsToSteps(EURUSD, '0.005'))).toBe('off_lot_grid');
    expect(codeOf(() => lotsToSteps(EURUSD, '0'))).toBe('lots_below_min');
    expect(codeOf(() => lotsToSteps(EURUSD, '100.01'))).toBe('lots_above_max');
    expect(lotsToSteps(EURUSD, '100')).toBe(10_000n);
  });

  it('accepts leverage 1..max only', () => {
    expect(checkLeverage(EURUSD, 1)).toBe(1n);
    expect(checkLeverage(EURUSD, 500)).toBe(500n);
    for (const bad of [0, 501, 1.5, Number.NaN, -1])
      expect(codeOf(() => checkLeverage(EURUSD, bad))).toBe('invalid_leverage');
  });

  it('price ↔ ticks round-trips for any tick count (ES, 0.25 tick)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (t) => {
        expect(priceToTicks(ES, ticksToPrice(ES, t))).toBe(t);
      }),
    );
  });
});

describe('fixed helpers', () => {
  it('divides in the named direction', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const f = divFloor(n, d);
          const c = divCeil(n, d);
          const t = divTrunc(n, d);
          expect(f * d <= n && n < (f + 1n) * d).toBe(true);
          expect((c - 1n) * d < n && n <= c * d).toBe(true);
          expect(t).toBe(n < 0n ? c : f);
        },
      ),
    );
  });

  it('parses strictly and drops trailing zeros', () => {
    expect(parseDecimal('0.0100', 'x')).toEqual({ units: 1n, scale: 2 });
    expect(parseDecimal('100', 'x')).toEqual({ units: 100n, scale: 0 });
    for (const bad of ['', '.5', '1.', '01', '+1', '1e3', ' 1', '-1', '1_000']) {
      expect(codeOf(() => parseDecimal(bad, 'x'))).toBe('invalid_decimal');
    }
  });
});
