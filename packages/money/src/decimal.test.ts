import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  div,
  divRound,
  fixed,
  formatDecimal,
  fromLedger,
  isZero,
  MoneyError,
  max,
  min,
  mul,
  parseDecimal,
  parseFixed,
  sub,
  toLedger,
  toScale,
} from './index.ts';

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof MoneyError) return e.code;
    throw e;
  }
  return undefined;
};

describe('parseDecimal', () => {
  it('accepts plain decimals', () => {
    expect(parseDecimal('1', 6)).toBe(1_000_000n);
    expect(parseDecimal('1.5', 6)).toBe(1_500_000n);
    expect(parseDecimal('0.000001', 6)).toBe(1n);
    expect(parseDecimal('0', 2)).toBe(0n);
    expect(parseDecimal('100000', 0)).toBe(100_000n);
    expect(parseDecimal('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    );
  });

  it('accepts trailing zeros beyond the scale (no value lost), refuses non-zero digits', () => {
    expect(parseDecimal('1.500000000000000000', 6)).toBe(1_500_000n);
    expect(parseDecimal('2.00', 0)).toBe(2n);
    expect(code(() => parseDecimal('0.0000001', 6))).toBe('too_many_decimals');
    expect(code(() => parseDecimal('1.001', 2))).toBe('too_many_decimals');
    expect(code(() => parseDecimal('0.5', 0))).toBe('too_many_decimals');
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '+1',
      '1e3',
      '1E-2',
      '.5',
      '1.',
      '01',
      '00.1',
      '1,5',
      '0x10',
      'NaN',
      'Infinity',
      '--1',
      '1.2.3',
      '١',
    ]) {
      expect(
        code(() => parseDecimal(bad, 6)),
        bad,
      ).toBe('invalid_format');
    }
    expect(code(() => parseDecimal('1'.repeat(101), 0))).toBe('invalid_format');
    expect(code(() => parseDecimal(12 as unknown as string, 2))).toBe('invalid_format');
  });

  it('refuses a sign unless negatives are allowed; never accepts negative zero', () => {
    expect(code(() => parseDecimal('-1', 2))).toBe('negative');
    expect(parseDecimal('-1.25', 2, { allowNegative: true })).toBe(-125n);
    expect(code(() => parseDecimal('-0', 2, { allowNegative: true }))).toBe('invalid_format');
    expect(code(() => parseDecimal('-0.00', 2, { allowNegative: true }))).toBe('invalid_format');
  });

  it('refuses bad scales', () => {
    expect(code(() => parseDecimal('1', -1))).toBe('invalid_scale');
    expect(code(() => parseDecimal('1', 1.5))).toBe('invalid_scale');
    expect(code(() => parseDecimal('1', 37))).toBe('invalid_scale');
  });
});

describe('formatDecimal', () => {
  it('prints exactly `scale` decimals, or the shortest form with trim', () => {
    expect(formatDecimal(1_500_000n, 6)).toBe('1.500000');
    expect(formatDecimal(1_500_000n, 6, { trim: true })).toBe('1.5');
    expect(formatDecimal(1n, 6)).toBe('0.000001');
    expect(formatDecimal(-1n, 6)).toBe('-0.000001');
    expect(formatDecimal(0n, 2)).toBe('0.00');
    expect(formatDecimal(0n, 2, { trim: true })).toBe('0');
    expect(formatDecimal(42n, 0)).toBe('42');
    expect(formatDecimal(-200n, 2, { trim: true })).toBe('-2');
  });
});

describe('rounding', () => {
  const cases: [bigint, bigint, Record<string, bigint>][] = [
    [25n, 10n, { down: 2n, up: 3n, floor: 2n, ceiling: 3n, 'half-even': 2n }],
    [35n, 10n, { down: 3n, up: 4n, floor: 3n, ceiling: 4n, 'half-even': 4n }],
    [-25n, 10n, { down: -2n, up: -3n, floor: -3n, ceiling: -2n, 'half-even': -2n }],
    [-35n, 10n, { down: -3n, up: -4n, floor: -4n, ceiling: -3n, 'half-even': -4n }],
    [26n, 10n, { down: 2n, up: 3n, floor: 2n, ceiling: 3n, 'half-even': 3n }],
    [24n, -10n, { down: -2n, up: -3n, floor: -3n, ceiling: -2n, 'half-even': -2n }],
    [30n, 10n, { down: 3n, up: 3n, floor: 3n, ceiling: 3n, 'half-even': 3n }],
  ];
  it.each(cases)('%s / %s', (n, d, expected) => {
    for (const [mode, want] of Object.entries(expected)) {
      expect(divRound(n, d, mode as never), mode).toBe(want);
    }
  });

  it('toScale narrows only with a rounding mode unless exact', () => {
    expect(toScale(1_500_000n, 6, 2)).toBe(150n);
    expect(code(() => toScale(1_500_001n, 6, 2))).toBe('inexact');
    expect(toScale(1_500_001n, 6, 2, 'down')).toBe(150n);
    expect(toScale(1_500_001n, 6, 2, 'up')).toBe(151n);
    expect(toScale(150n, 2, 18)).toBe(1_500_000_000_000_000_000n);
  });

  it('refuses division by zero', () => {
    expect(code(() => divRound(1n, 0n, 'down'))).toBe('division_by_zero');
    expect(code(() => div(fixed(1n, 0), fixed(0n, 2), { scale: 2, rounding: 'down' }))).toBe('division_by_zero');
  });
});

describe('Fixed arithmetic', () => {
  const usdt = (s: string) => parseFixed(s, 6);
  const btc = (s: string) => parseFixed(s, 8);

  it('adds and subtracts across scales exactly', () => {
    expect(add(usdt('1.5'), btc('0.00000001'))).toEqual({ units: 150_000_001n, scale: 8 });
    expect(sub(usdt('1'), usdt('2.25'))).toEqual({ units: -1_250_000n, scale: 6 });
    expect(code(() => add(usdt('1.5'), btc('0.00000001'), { scale: 6 }))).toBe('inexact');
    expect(add(usdt('1.5'), btc('0.00000001'), { scale: 6, rounding: 'up' })).toEqual({ units: 1_500_001n, scale: 6 });
  });

  it('multiplies price × quantity into a notional with an explicit rounding', () => {
    const price = parseFixed('64321.12', 2);
    const qty = parseFixed('0.00123457', 8);
    const exact = mul(price, qty);
    expect(exact).toEqual({ units: 6432112n * 123457n, scale: 10 });
    expect(mul(price, qty, { scale: 6, rounding: 'down' }).units).toBe(79_408_925n);
    expect(mul(price, qty, { scale: 6, rounding: 'up' }).units).toBe(79_408_926n);
  });

  it('divides at the requested scale', () => {
    expect(div(usdt('10'), usdt('3'), { scale: 6, rounding: 'down' })).toEqual({ units: 3_333_333n, scale: 6 });
    expect(div(usdt('10'), usdt('3'), { scale: 6, rounding: 'up' })).toEqual({ units: 3_333_334n, scale: 6 });
    expect(div(usdt('2'), usdt('3'), { scale: 2, rounding: 'half-even' })).toEqual({ units: 67n, scale: 2 });
    expect(div(fixed(-1n, 0), fixed(8n, 0), { scale: 2, rounding: 'half-even' })).toEqual({ units: -12n, scale: 2 });
  });

  it('compares, min, max, isZero', () => {
    expect(compare(usdt('1.5'), btc('1.50000000'))).toBe(0);
    expect(compare(usdt('1.5'), btc('1.50000001'))).toBe(-1);
    expect(min(usdt('3'), btc('2'), usdt('2'))).toEqual(btc('2'));
    expect(max(usdt('3'), btc('3.00000001'))).toEqual(btc('3.00000001'));
    expect(isZero(usdt('0'))).toBe(true);
    expect(isZero(0n)).toBe(true);
    expect(isZero(usdt('0.000001'))).toBe(false);
  });
});

describe('ledger numeric(38,18) strings', () => {
  it('reads what PostgreSQL prints', () => {
    expect(fromLedger('1.500000000000000000', 6)).toBe(1_500_000n);
    expect(fromLedger('-12.500000000000000000', 2)).toBe(-1250n);
    expect(fromLedger('0')).toBe(0n);
    expect(fromLedger('0.000000000000000001')).toBe(1n);
    expect(code(() => fromLedger('0.000000000000000001', 6))).toBe('too_many_decimals');
  });

  it('writes only what fits', () => {
    expect(toLedger(1_500_000n, 6)).toBe('1.500000');
    expect(toLedger(-(10n ** 38n) + 1n, 18)).toBe('-99999999999999999999.999999999999999999');
    expect(code(() => toLedger(10n ** 38n, 18))).toBe('out_of_range');
    expect(code(() => toLedger(10n ** 20n, 0))).toBe('out_of_range');
    expect(code(() => toLedger(1n, 19))).toBe('out_of_range');
  });
});
