/**
 * 100 bids at once on one item from 20 users: the item's row lock makes exactly one winner per step
 * (every accepted bid beat the one before by the step), one leader, the holds equal the leading bid,
 * the others' money all released; the ledger balances.
 */
import { minNextBid } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { createNftTestApp, type NftTestApp } from './helpers.ts';

const units = (s: string) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i!) * 1_000_000n + BigInt(`${f}000000`.slice(0, 6));
};

describe.each(DRIVERS)('charity NFT bid races on %s', (driver) => {
  let t: NftTestApp;
  beforeAll(async () => {
    t = await createNftTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('100 bids at once from 20 users: one leader, each accepted bid beat the previous by the step', async () => {
    const item = await t.item({ startPrice: '100', reserve: '100' });
    const users = await Promise.all(Array.from({ length: 20 }, () => t.bidder('100000')));
    // The ladder of minimum steps from the start price; each bid aims at one rung.
    const ladder: bigint[] = [];
    let cur: bigint | null = null;
    for (let k = 0; k < 40; k++) {
      cur = minNextBid(cur, 100_000_000n, 500);
      ladder.push(cur);
    }
    const fmt = (u: bigint) => `${u / 1_000_000n}.${(u % 1_000_000n).toString().padStart(6, '0')}`;
    const bids = Array.from({ length: 100 }, (_, i) => ({
      user: users[i % 20]!,
      amount: fmt(ladder[(i * 7) % 40]!),
    }));
    const answers = await Promise.all(bids.map((b) => t.bid(b.user.token, item.id, b.amount)));
    const codes = answers.map((a) => a.code);
    expect(
      codes.every((c) => c === 200 || c === 40063),
      JSON.stringify(codes),
    ).toBe(true);
    const accepted = codes.filter((c) => c === 200).length;
    expect(accepted).toBeGreaterThan(0);

    const d = await t.detail(item.id);
    expect(d.bids).toBe(accepted);
    // Every accepted bid, in the order taken, beat the one before by the step.
    const history = [...d.history].reverse().map((h) => units(h.amount));
    let prev: bigint | null = null;
    for (const amount of history) {
      expect(amount >= minNextBid(prev, 100_000_000n, 500)).toBe(true);
      prev = amount;
    }
    expect(d.currentBid).toBe(fmt(prev!));
    // One hold on the item: the leading bid's; the leader alone has money locked.
    expect(await t.holds(item.id)).toEqual({ count: 1, sum: d.currentBid });
    let leaders = 0;
    for (const u of users) {
      const b = await t.balance(u.id, 'real');
      const mine = await t.detail(item.id, u.token);
      if (mine.mine?.leading) {
        leaders += 1;
        expect(b.locked).toBe(d.currentBid);
      } else {
        expect(b.locked).toBe('0.000000');
      }
      expect(units(b.available) + units(b.locked)).toBe(100_000_000_000n);
    }
    expect(leaders).toBe(1);
    await t.expectBalanced();
  });

  it('bids racing across two items whose leaders overlap: no deadlock is left unretried, holds stay exact', async () => {
    const one = await t.item();
    const two = await t.item();
    const a = await t.bidder('100000');
    const b = await t.bidder('100000');
    await t.bid(a.token, one.id, '100');
    await t.bid(b.token, two.id, '100');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? t.bid(b.token, one.id, String(200 + i * 20)) : t.bid(a.token, two.id, String(200 + i * 20)),
      ),
    );
    expect(answers.every((x) => x.code === 200 || x.code === 40063)).toBe(true);
    const d1 = await t.detail(one.id);
    const d2 = await t.detail(two.id);
    expect((await t.holds(one.id)).sum).toBe(d1.currentBid);
    expect((await t.holds(two.id)).sum).toBe(d2.currentBid);
    await t.expectBalanced();
  });
});
