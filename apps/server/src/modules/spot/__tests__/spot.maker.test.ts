import { USERNAME_PATTERN } from '@openbourse/contracts/auth.ts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../test/db.ts';
import { MARKET_MAKER_USERNAME } from '../spot.maker.ts';
import { spotPairs } from '../spot.tables.ts';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

/** The market maker: a visible participant quoting around the feed, trading by the book's rules, and off when turned off. */
describe.each(DRIVERS)('the spot market maker on %s', (driver) => {
  let t: SpotTestApp;
  let btc: number;
  beforeAll(async () => {
    t = await createSpotTestApp(driver);
    btc = await t.pairId('BTC/USDT');
  });
  afterAll(async () => t?.close());
  afterEach(async () => t.expectBalanced());

  it('is a name no one can register', () => {
    expect(USERNAME_PATTERN.test(MARKET_MAKER_USERNAME)).toBe(false);
  });

  it('quotes both sides around the mid from its own funded account, trades, requotes, and withdraws when off', async () => {
    const { maker } = t.services;
    await maker.round();
    // No price yet: nothing quoted, no account made.
    expect(maker.userId()).toBeNull();
    expect((await t.depth(btc)).result.bids).toEqual([]);

    await t.tick('BTCUSDT', '95000.00', '95010.00');
    await maker.round();
    const id = maker.userId() as number;
    expect(id).toBeGreaterThan(0);
    const depth = (await t.depth(btc)).result;
    // Mid 95,005: best bid 0.05 % below (94,957.49), best ask 0.05 % above (95,052.51), ten levels a side.
    expect(depth.bids).toHaveLength(10);
    expect(depth.asks).toHaveLength(10);
    expect(depth.bids[0]?.[0]).toBe('94957.49');
    expect(depth.asks[0]?.[0]).toBe('95052.51');
    // Each level is worth about 2,000 USDT: 0.021 BTC at these prices.
    expect(depth.asks[0]?.[1]).toBe('0.021');
    // Its inventory came by visible transfers from the treasury; its orders are in its own list.
    const funded = await t.services.ledger.balances(t.database.db, id, 'real');
    expect(funded.find((b) => b.currency === 'BTC')?.locked).not.toBe('0.00000000');

    // A user's market buy trades with it like with anyone.
    const u = await t.user();
    await t.give(u.id, 'USDT', '10000');
    const buy = await t.submit(u.token, { pairId: btc, side: 'buy', type: 'market', quantity: '0.03' });
    expect(buy.result).toMatchObject({ status: 3, filledQuantity: '0.03' });
    // 0.021 at the best ask, 0.009 at the next (95,081.01): 95,061.06 on average.
    expect(buy.result.averagePrice).toBe('95061.06');

    // The price moves: the ladder follows (stale levels cancelled, new ones placed).
    await t.tick('BTCUSDT', '96000.00', '96010.00');
    await maker.round();
    const moved = (await t.depth(btc)).result;
    expect(moved.bids[0]?.[0]).toBe('95956.99');
    expect(moved.bids).toHaveLength(10);
    expect(moved.asks).toHaveLength(10);

    // Turned off: its orders leave the book.
    await t.database.db.update(spotPairs).set({ mmEnabled: false }).where(eq(spotPairs.id, btc));
    await t.services.spot.loadPairs();
    await maker.round();
    const off = (await t.depth(btc)).result;
    expect(off.bids).toEqual([]);
    expect(off.asks).toEqual([]);
  });
});
