import { stepsToLots } from '@openbourse/engine';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.ts';
import { DRIVERS } from '../../../test/db.ts';
import type { Instrument } from '../../market/market.types.ts';
import { engineInstrument, storedLotsToSteps, ticksToPriceString } from '../trading.pricing.ts';
import { createTradingTestApp, minor, type TradingTestApp } from './helpers.ts';

/**
 * Random sequences of ticks, market and pending orders, partial and full closes, cancels and stop
 * changes for one user (the service called directly). After each sequence:
 * - the ledger's trial balance is clean (double entry, no negative user account, holds = locked);
 * - the user's USDT (available + locked) = 100,000 − opening fees + realised PnL of the fills;
 * - locked = what the user's live orders say they hold;
 * - every order's realised profit is the sum of its fills, a closed one holds nothing, and no close
 *   took more loss than the margin it released.
 */
const side = fc.constantFrom('buy' as const, 'sell' as const);
const offset = fc.integer({ min: 1, max: 200_000 });
const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('tick' as const),
      move: fc.integer({ min: -150_000, max: 150_000 }),
      spread: fc.integer({ min: 1, max: 500 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('market' as const),
      side,
      steps: fc.integer({ min: 1, max: 300 }),
      lev: fc.integer({ min: 1, max: 50 }),
      sl: fc.option(offset, { nil: undefined }),
      tp: fc.option(offset, { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('pending' as const),
      side,
      type: fc.constantFrom('limit' as const, 'stop' as const),
      at: offset,
      steps: fc.integer({ min: 1, max: 300 }),
      lev: fc.integer({ min: 1, max: 50 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('close' as const), pick: fc.nat(), parts: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('update' as const),
      pick: fc.nat(),
      sl: fc.option(offset, { nil: null }),
      tp: fc.option(offset, { nil: null }),
    }),
  },
);

describe.each(DRIVERS)('margin trading invariants on %s', (driver) => {
  let t: TradingTestApp;
  let inst: Instrument;
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    inst = await t.inst('BTCUSDT');
  });
  afterAll(async () => t?.close());

  it('keeps every amount exact through random orders, ticks, closes, cancels and stop changes', async () => {
    const trading = t.services.trading;
    const ins = engineInstrument(inst);
    const price = (ticks: bigint) => ticksToPriceString(inst, ticks);
    let mid = 9_500_000n; // 95000.00
    let bid = mid;
    let ask = mid + 1n;
    const tick = async (b: bigint, a: bigint) => {
      bid = b;
      ask = a;
      await t.services.market.publishTick({ instrumentId: inst.id, bid: price(b), ask: price(a) });
      await trading.runner.drain();
    };
    await tick(bid, ask);

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 24 }), async (commands) => {
        const u = await t.user();
        await t.services.accounts.enterDemo(u.id);
        const ids: number[] = [];
        const live = async (state: 'open' | 'pending') => {
          const out = [];
          for (const id of ids) {
            const o = await trading.get(u.id, 'demo', id);
            if (o.state === state) out.push(o);
          }
          return out;
        };
        const attempt = async (fn: () => Promise<unknown>) => {
          try {
            await fn();
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            expect([10011, 10016, 40011, 40012, 40013, 40001]).toContain(e.code);
          }
        };
        for (const c of commands) {
          switch (c.k) {
            case 'tick': {
              mid += BigInt(c.move);
              if (mid < 5_000_000n) mid = 5_000_000n;
              if (mid > 15_000_000n) mid = 15_000_000n;
              await tick(mid, mid + BigInt(c.spread));
              break;
            }
            case 'market':
            case 'pending': {
              const long = c.side === 'buy';
              const ref = long ? bid : ask;
              const stops =
                c.k === 'market'
                  ? {
                      stopLoss: c.sl === undefined ? null : price(long ? ref - BigInt(c.sl) : ref + BigInt(c.sl)),
                      takeProfit: c.tp === undefined ? null : price(long ? ref + BigInt(c.tp) : ref - BigInt(c.tp)),
                    }
                  : {};
              let entry: string | undefined;
              if (c.k === 'pending') {
                const up = long === (c.type === 'stop');
                const base = long ? ask : bid;
                entry = price(up ? base + BigInt(c.at) : base - BigInt(c.at));
              }
              await attempt(async () => {
                const o = await trading.buy(u.id, 'demo', {
                  instrumentId: inst.id,
                  side: c.side,
                  type: c.k === 'market' ? 'market' : c.type,
                  lots: stepsToLots(ins, BigInt(c.steps)),
                  leverage: c.lev,
                  price: entry,
                  ...stops,
                });
                ids.push(o.id);
              });
              break;
            }
            case 'close': {
              const open = await live('open');
              const o = open[c.pick % Math.max(open.length, 1)];
              if (!o) break;
              const steps = storedLotsToSteps(ins, o.openLots);
              const part = steps / BigInt(c.parts);
              await attempt(() =>
                trading.close(u.id, 'demo', {
                  id: o.id,
                  ...(c.parts > 1 && part > 0n ? { lots: stepsToLots(ins, part) } : {}),
                }),
              );
              break;
            }
            case 'cancel': {
              const pending = await live('pending');
              const o = pending[c.pick % Math.max(pending.length, 1)];
              if (o) await attempt(() => trading.cancel(u.id, 'demo', o.id));
              break;
            }
            case 'update': {
              const open = await live('open');
              const o = open[c.pick % Math.max(open.length, 1)];
              if (!o) break;
              const long = o.side === 'buy';
              const ref = long ? bid : ask;
              await attempt(() =>
                trading.updateStops(u.id, 'demo', {
                  id: o.id,
                  stopLoss: c.sl === null ? null : price(long ? ref - BigInt(c.sl) : ref + BigInt(c.sl)),
                  takeProfit: c.tp === null ? null : price(long ? ref + BigInt(c.tp) : ref - BigInt(c.tp)),
                }),
              );
              break;
            }
          }
        }
        await trading.runner.drain();

        await t.expectBalanced();
        const balance = await t.balance(u.id, 'demo');
        let expected = minor('100000');
        let held = 0n;
        for (const id of ids) {
          const o = await trading.get(u.id, 'demo', id);
          let realised = 0n;
          for (const f of o.fills) {
            if (f.kind === 'open') expected -= minor(f.fee);
            else {
              realised += minor(f.profit);
              expect(-minor(f.profit)).toBeLessThanOrEqual(minor(f.margin));
            }
          }
          expected += realised;
          expect(minor(o.realisedProfit)).toBe(realised);
          if (o.state === 'open' || o.state === 'pending') held += minor(o.marginHeld);
          else expect(o.marginHeld).toBe('0.000000');
        }
        expect(minor(balance.available) + minor(balance.locked)).toBe(expected);
        expect(minor(balance.locked)).toBe(held);
      }),
      { numRuns: driver === 'pglite' ? 25 : 15 },
    );
  });
});
