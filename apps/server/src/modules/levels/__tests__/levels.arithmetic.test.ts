import { describe, expect, it } from 'vitest';
import { bpsToShare, discountedFee, levelFor, progressShare, shareToBps, volumeUnits } from '../levels.arithmetic.ts';
import { DEFAULT_LEVELS } from '../levels.service.ts';

const table = DEFAULT_LEVELS.map((l) => ({
  id: l.id,
  minVolume: volumeUnits(l.minVolume),
  minBalance: l.minBalance === null ? null : volumeUnits(l.minBalance),
}));
const u = (s: string) => volumeUnits(s);

describe('level arithmetic', () => {
  it.each([
    // fee (minor units), discount bps, discounted fee: fee × (1 − d) rounded up to the minor unit
    [1_000_000n, 0, 1_000_000n],
    [1_000_000n, 500, 950_000n],
    [1_000_000n, 1000, 900_000n],
    [1_000_000n, 2500, 750_000n],
    [1n, 1000, 1n], // 0.9 of a minor unit → 1
    [9n, 1000, 9n], // 8.1 → 9
    [10n, 1000, 9n],
    [11n, 1500, 10n], // 9.35 → 10
    [0n, 2500, 0n],
    [9_500_000n, 1000, 8_550_000n], // 9.5 USDT at VIP 2 → 8.55
    [1000n, 1000, 900n], // a spot taker rate of 1000 ppm → 900 ppm
    [50n, 1000, 45n], // the exchange spread of 50 bps → 45 bps
    [50n, 1500, 43n], // 42.5 → 43
  ])('discountedFee(%s, %s) = %s', (fee, bps, out) => {
    expect(discountedFee(fee, bps)).toBe(out);
  });

  it.each([
    ['0', '0', 0],
    ['9999.999999', '0', 0],
    ['10000', '0', 1],
    ['50000', '0', 2],
    ['249999.99', '0', 2],
    ['250000', '0', 3],
    ['1000000', '9999.99', 3], // VIP 4 asks for a 10,000 balance as well
    ['1000000', '10000', 4],
    ['5000000', '10000', 4], // VIP 5 asks for 50,000
    ['5000000', '50000', 5],
    ['99000000', '1000000', 5],
  ])('volume %s with balance %s is level %s', (volume, balance, level) => {
    expect(levelFor(table, u(volume), u(balance))).toBe(level);
  });

  it.each([
    ['60000', '50000', '250000', '0.05'],
    ['50000', '50000', '250000', '0'],
    ['250000', '50000', '250000', '1'],
    ['0', '0', '10000', '0'],
    ['3333', '0', '10000', '0.3333'],
  ])('progress of %s from %s to %s is %s', (v, from, to, share) => {
    expect(progressShare(u(v), u(from), u(to))).toBe(share);
  });

  it('converts discounts between shares and basis points', () => {
    expect(DEFAULT_LEVELS.map((l) => bpsToShare(l.discountBps))).toEqual(['0', '0.05', '0.1', '0.15', '0.2', '0.25']);
    expect(shareToBps('0.1')).toBe(1000);
    expect(shareToBps('0.0125')).toBe(125);
    expect(volumeUnits('123.4567899')).toBe(123_456_789n);
    expect(volumeUnits('-1.5')).toBe(-1_500_000n);
  });

  it('names each seeded level in the 11 languages', () => {
    for (const l of DEFAULT_LEVELS) {
      expect(Object.keys(l.names).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hk', 'it', 'ja', 'ko', 'th', 'zh']);
    }
  });
});
