/** The reward arithmetic by table: rounding down to the minor unit, the cap, the period's boundary; masking. */
import { describe, expect, it } from 'vitest';
import { countedWindow, DAY_MS, dayKey, dayStartOf, inviteReward, maskUsername } from '../invites.rewards.ts';

describe('inviteReward', () => {
  // fees and results in minor units (USDT: 6 decimals).
  it.each([
    { fees: 1_000_000n, share: '0.2', paidBefore: 0n, cap: null, want: 200_000n },
    { fees: 1_234_567n, share: '0.25', paidBefore: 0n, cap: null, want: 308_641n }, // 308641.75 rounded down
    { fees: 3n, share: '0.2', paidBefore: 0n, cap: null, want: 0n }, // 0.6 of a minor unit: nothing
    { fees: 5n, share: '0.2', paidBefore: 0n, cap: null, want: 1n },
    { fees: 999_999n, share: '0.3333', paidBefore: 0n, cap: null, want: 333_299n }, // 333299.6667
    { fees: 1_000_000n, share: '1', paidBefore: 0n, cap: null, want: 1_000_000n },
    { fees: 1_000_000n, share: '0', paidBefore: 0n, cap: null, want: 0n },
    { fees: 0n, share: '0.2', paidBefore: 0n, cap: null, want: 0n },
    // The cap per invitee: what is left of it, then nothing.
    { fees: 10_000_000n, share: '0.2', paidBefore: 0n, cap: 1_500_000n, want: 1_500_000n },
    { fees: 10_000_000n, share: '0.2', paidBefore: 1_400_000n, cap: 1_500_000n, want: 100_000n },
    { fees: 10_000_000n, share: '0.2', paidBefore: 1_500_000n, cap: 1_500_000n, want: 0n },
    { fees: 10_000_000n, share: '0.2', paidBefore: 1_600_000n, cap: 1_500_000n, want: 0n },
    { fees: 1_000_000n, share: '0.2', paidBefore: 0n, cap: 5_000_000n, want: 200_000n },
  ])('$fees × $share (paid $paidBefore, cap $cap) = $want', ({ fees, share, paidBefore, cap, want }) => {
    expect(inviteReward({ fees, share, paidBefore, cap })).toBe(want);
  });
});

describe('countedWindow: the part of a UTC day inside the invitee’s period', () => {
  const d0 = Date.parse('2026-11-18T00:00:00Z');
  const joined = Date.parse('2026-11-18T15:00:00Z');
  it.each([
    { name: 'the joining day: from joining to midnight', day: d0, want: { from: joined, to: d0 + DAY_MS } },
    { name: 'a whole day inside', day: d0 + 3 * DAY_MS, want: { from: d0 + 3 * DAY_MS, to: d0 + 4 * DAY_MS } },
    {
      name: 'the last day: midnight to the end of the period',
      day: d0 + 10 * DAY_MS,
      want: { from: d0 + 10 * DAY_MS, to: joined + 10 * DAY_MS },
    },
    { name: 'the day after the period', day: d0 + 11 * DAY_MS, want: null },
    { name: 'a day before joining', day: d0 - DAY_MS, want: null },
  ])('$name', ({ day, want }) => {
    expect(countedWindow(day, joined, 10)).toEqual(want);
  });

  it('a period ending at midnight leaves the next day out', () => {
    expect(countedWindow(d0 + DAY_MS, d0, 1)).toBeNull();
    expect(countedWindow(d0, d0, 1)).toEqual({ from: d0, to: d0 + DAY_MS });
  });
});

describe('days and names', () => {
  it('day keys and starts are UTC', () => {
    expect(dayKey(Date.parse('2026-11-18T23:59:59.999Z'))).toBe('2026-11-18');
    expect(dayStartOf(Date.parse('2026-11-18T15:00:00Z'))).toBe(Date.parse('2026-11-18T00:00:00Z'));
  });
  it.each([
    ['alice', 'al***ce'],
    ['bob', 'b***b'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['verylongname', 've***me'],
    ['李小龍', '李***龍'],
  ])('%s → %s', (name, masked) => {
    expect(maskUsername(name)).toBe(masked);
  });
});
