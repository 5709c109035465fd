import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  div,
  divRound,
  type Fixed,
  formatDecimal,
  fromLedger,
  MoneyError,
  mul,
  parseDecimal,
  ROUNDING_MODES,
  sub,
  toLedger,
  toScale,
} from './index.ts';

const scale = fc.integer({ min: 0, max: 20 });
const units = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });
const fixedArb: fc.Arbitrary<Fixed> = fc.record({ units, scale });
const rounding = fc.constantFrom(...ROUNDING_MODES);

describe('money properties', () => {
  it('parse ∘ format is the identity on units (full and trimmed forms)', () => {
    fc.assert(
      fc.property(units, scale, fc.boolean(), (u, s, trim) => {
        expect(parseDecimal(formatDecimal(u, s, { trim }), s, { allowNegative: true })).toBe(u);
      }),
    );
  });

  it('format ∘ parse is the identity on canonical strings', () => {
    const canonical = fc
      .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9][0-9]{0,25})$/), fc.stringMatching(/^[0-9]{0,12}$/))
      .map(([neg, int, frac]) => ({ str: `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`, scale: frac.length }))
      .filter(({ str }) => !/^-0(\.0*)?$/.test(str));
    fc.assert(
      fc.property(canonical, ({ str, scale: s }) => {
        expect(formatDecimal(parseDecimal(str, s, { allowNegative: true }), s)).toBe(str);
      }),
    );
  });

  it('parsing never rounds: a value with more decimals than the scale is refused or exact', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        (u, s, t) => {
          const str = formatDecimal(u, s);
          try {
            const v = parseDecimal(str, t);
            expect(compare({ units: v, scale: t }, { units: u, scale: s })).toBe(0);
          } catch (e) {
            expect(e).toBeInstanceOf(MoneyError);
            expect((e as MoneyError).code).toBe('too_many_decimals');
            expect(t).toBeLessThan(s);
          }
        },
      ),
    );
  });

  it('add and sub are inverse', () => {
    fc.assert(
      fc.property(fixedArb, fixedArb, (a, b) => {
        expect(compare(sub(add(a, b), b), a)).toBe(0);
        expect(compare(add(sub(a, b), b), a)).toBe(0);
      }),
    );
  });

  it('mul then div by the same non-zero value is exact', () => {
    fc.assert(
      fc.property(fixedArb, fixedArb, rounding, (a, b, r) => {
        fc.pre(b.units !== 0n);
        expect(div(mul(a, b), b, { scale: a.scale, rounding: r })).toEqual(a);
      }),
    );
  });

  it('widening then narrowing back is exact without a rounding mode', () => {
    fc.assert(
      fc.property(units, scale, fc.integer({ min: 0, max: 16 }), (u, s, extra) => {
        expect(toScale(toScale(u, s, s + extra), s + extra, s)).toBe(u);
      }),
    );
  });

  it('rounding lands on a neighbour of the exact quotient, on the side the mode names', () => {
    const nz = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), nz, (n, d) => {
        // Compare r with n/d using r·|d| against n·sign(d) (no fractions needed).
        const sd = d < 0n ? -1n : 1n;
        const x = n * sd; // exact value × |d|
        const ad = d * sd;
        const at = (r: bigint) => r * ad; // candidate × |d|
        const floor = divRound(n, d, 'floor');
        const ceiling = divRound(n, d, 'ceiling');
        expect(at(floor) <= x && x < at(floor) + ad).toBe(true);
        expect(at(ceiling) >= x && x > at(ceiling) - ad).toBe(true);
        const down = divRound(n, d, 'down');
        const up = divRound(n, d, 'up');
        const absLe = (a: bigint, b: bigint) => (a < 0n ? -a : a) <= (b < 0n ? -b : b);
        expect(absLe(at(down), x)).toBe(true); // never more than the exact amount
        expect(absLe(x, at(up))).toBe(true); // never less than the exact amount
        const he = divRound(n, d, 'half-even');
        const dist = at(he) - x;
        expect(2n * (dist < 0n ? -dist : dist) <= ad).toBe(true);
        if (2n * (dist < 0n ? -dist : dist) === ad) expect(he % 2n).toBe(0n);
        for (const r of [floor, ceiling, down, up, he]) expect(r === floor || r === ceiling).toBe(true);
      }),
    );
  });

  it('narrowing without a rounding mode either is exact or throws: it never rounds silently', () => {
    fc.assert(
      fc.property(units, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 20 }), (u, from, to) => {
        fc.pre(to < from);
        try {
          const v = toScale(u, from, to);
          expect(toScale(v, to, from)).toBe(u);
        } catch (e) {
          expect((e as MoneyError).code).toBe('inexact');
        }
      }),
    );
  });

  it('ledger strings round-trip for every value numeric(38,18) holds', () => {
    const ledgerUnits = fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n });
    fc.assert(
      fc.property(ledgerUnits, (u) => {
        expect(fromLedger(toLedger(u, 18))).toBe(u);
      }),
    );
  });
});
