import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpotTestApp, type SpotTestApp } from './helpers.ts';

/**
 * Random streams of orders and cancels from a few users, some concurrent: afterwards the ledger
 * balances, no coin is made or lost (users' BTC constant; users' USDT + fees constant), every order
 * agrees with its fills and holds, and the depth the database answers is the book the writer holds.
 */
describe('spot under random streams', () => {
  let t: SpotTestApp;
  let btc: number;
  const users: { id: number; token: string }[] = [];
  beforeAll(async () => {
    t = await createSpotTestApp('pglite');
    btc = await t.pairId('BTC/USDT');
    for (let i = 0; i < 3; i++) {
      const u = await t.user();
      await t.give(u.id, 'BTC', '2');
      await t.give(u.id, 'USDT', '300000');
      users.push(u);
    }
  });
  afterAll(async () => t?.close());

  const command = fc.record({
    user: fc.integer({ min: 0, max: 2 }),
    kind: fc.constantFrom('limit', 'limit', 'limit', 'market', 'cancel'),
    side: fc.constantFrom('buy', 'sell'),
    tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
    price: fc.integer({ min: 94_990, max: 95_010 }),
    lots: fc.integer({ min: 1, max: 4000 }),
    together: fc.boolean(),
  });

  type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

  it('keeps money and books consistent', async () => {
    const { db } = t.database;
    const total = async (currency: string) => {
      let sum = 0n;
      for (const u of users) {
        const b = await t.services.ledger.balance(db, u.id, 'real', currency);
        sum += BigInt(b.total.replace('.', ''));
      }
      return sum;
    };
    const fees = async () =>
      BigInt((await t.services.ledger.platformBalance(db, 'real', 'USDT', 'fees')).replace('.', ''));
    const btc0 = await total('BTC');
    const usdt0 = (await total('USDT')) + (await fees());
    const open: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (cmds) => {
        const run = async (c: Command) => {
          const u = users[c.user] as { id: number; token: string };
          if (c.kind === 'cancel') {
            const id = open.shift();
            if (id !== undefined) await t.cancelSpot(u.token, id);
            return;
          }
          const quantity = (c.lots / 10_000).toFixed(4);
          const r =
            c.kind === 'market'
              ? await t.submit(u.token, { pairId: btc, side: c.side, type: 'market', quantity })
              : await t.submit(u.token, {
                  pairId: btc,
                  side: c.side,
                  price: String(c.price),
                  quantity,
                  timeInForce: c.tif,
                });
          expect([200, 10011, 40051, 40052, 40053]).toContain(r.code);
          if (r.code === 200 && r.result.status === 1) open.push(r.result.id);
        };
        // Runs of `together` commands go at once (one batch or a few), the rest one by one.
        for (let i = 0; i < cmds.length; ) {
          let j = i + 1;
          while (j < cmds.length && cmds[j]?.together) j++;
          await Promise.all(cmds.slice(i, j).map(run));
          i = j;
        }
        expect(await total('BTC')).toBe(btc0);
        expect((await total('USDT')) + (await fees())).toBe(usdt0);
        const tb = await t.services.ledger.trialBalance(db);
        expect(tb.ok, JSON.stringify(tb)).toBe(true);
        // The book the writer holds equals the depth read from the orders.
        const writer = t.services.spot.writer(btc, 'real');
        writer?.check();
        const depth = (await t.depth(btc)).result;
        const best = writer?.best();
        expect(depth.bids[0]?.[0] ?? null).toBe(best?.bids[0] ? String(best.bids[0].priceTicks / 100) : null);
        expect(depth.asks[0]?.[0] ?? null).toBe(best?.asks[0] ? String(best.asks[0].priceTicks / 100) : null);
        if (depth.bids[0] && depth.asks[0]) expect(Number(depth.bids[0][0])).toBeLessThan(Number(depth.asks[0][0]));
      }),
      { numRuns: 15, seed: 20261126 },
    );
  }, 120_000);
});
