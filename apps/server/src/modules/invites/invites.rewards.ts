/**
 * The reward arithmetic (pure, tested by table): an inviter's share of the fees one invitee paid on
 * one day, rounded down to the currency's minor unit, and kept within the cap per invitee.
 */
import { parseDecimal } from '@openbourse/money';

export const DAY_MS = 86_400_000;
const SHARE_SCALE = 4;

/**
 * `fees` × `share`, rounded down; then at most what is left of `cap` after `paidBefore` (all in
 * minor units of the currency). Never negative.
 */
export function inviteReward(r: { fees: bigint; share: string; paidBefore: bigint; cap: bigint | null }): bigint {
  if (r.fees <= 0n) return 0n;
  const share = parseDecimal(r.share, SHARE_SCALE);
  let reward = (r.fees * share) / 10n ** BigInt(SHARE_SCALE);
  if (r.cap !== null) {
    const left = r.cap - r.paidBefore;
    if (left <= 0n) return 0n;
    if (reward > left) reward = left;
  }
  return reward;
}

/** The part of day [dayStart, dayStart + 1 day) in which an invitee's fees count, or null. */
export function countedWindow(
  dayStart: number,
  joinedAt: number,
  periodDays: number,
): { from: number; to: number } | null {
  const from = Math.max(dayStart, joinedAt);
  const to = Math.min(dayStart + DAY_MS, joinedAt + periodDays * DAY_MS);
  return from < to ? { from, to } : null;
}

/** `2026-01-03` for any time on that UTC day. */
export const dayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** 00:00 UTC of the day `ms` falls in. */
export const dayStartOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** "al***ce": a username masked for the inviter's list (first two and last two kept, at most). */
export function maskUsername(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}
