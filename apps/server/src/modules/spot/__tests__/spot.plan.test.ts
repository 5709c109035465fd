/**
 * One batch in memory (spot.plan.ts) and what it writes (spot.bundle.ts), without a database: an
 * order that rests keeps a hold; an order placed and ended in the same batch has none and pays from
 * its available account; the bundle names every part with the rows it must write.
 */
import { OrderBook } from '@openbourse/engine';
import { describe, expect, it } from 'vitest';
import type { AccountMeta } from '../../ledger/ledger.service.ts';
import { bundleOf, fillRows } from '../spot.bundle.ts';
import { BatchPlan, type LiveOrder, type NewOrder, type PairAccounts, SPOT_CODES } from '../spot.plan.ts';
import { btcUsdtGrid } from './fixtures.ts';

const grid = btcUsdtGrid();

let nextAccount = 100;
const account = (userId: number | null, currency: string, kind: string): AccountMeta => ({
  id: nextAccount++,
  userId,
  mode: 'real',
  currency,
  kind,
  shard: 0,
});
const accountsOf = (userId: number): PairAccounts => ({
  base: { available: account(userId, 'BTC', 'available'), locked: account(userId, 'BTC', 'locked') },
  quote: { available: account(userId, 'USDT', 'available'), locked: account(userId, 'USDT', 'locked') },
});
const fees = { base: account(null, 'BTC', 'fees'), quote: account(null, 'USDT', 'fees') };
const now = new Date('2026-11-27T12:00:00Z');

function order(id: number, userId: number, accounts: PairAccounts, side: 'buy' | 'sell', price: string): NewOrder {
  return {
    id,
    publicId: 1000 + id,
    orderNo: `S${id}`,
    userId,
    side,
    type: 'limit',
    tif: 'GTC',
    priceTicks: Math.round(Number(price) * 100),
    qtyLots: 10, // 0.001 BTC
    accounts,
    createdAt: now,
  };
}

describe('a batch of spot orders in memory', () => {
  const seller = accountsOf(1);
  const buyer = accountsOf(2);
  const plan = () => {
    let seq = 0;
    const live = new Map<number, LiveOrder>();
    const balances = new Map<number, bigint>([
      [seller.base.available.id, 100_000_000n],
      [buyer.quote.available.id, 1_000_000_000n],
    ]);
    return new BatchPlan(grid, new OrderBook(), live, balances, fees, now, () => ++seq);
  };

  it('holds for the order that rests, not for the one that takes it in the same batch', () => {
    const p = plan();
    const maker = p.submit(order(1, 1, seller, 'sell', '95000'));
    const taker = p.submit(order(2, 2, buyer, 'buy', '95000'));
    expect(maker).toMatchObject({ status: 'filled', held: 0n });
    expect(taker).toMatchObject({ status: 'filled', held: 0n });
    const { base, quote } = p.postings();
    // Both were placed and ended in this batch: no hold, no release; every transfer leaves an available account.
    expect(base.holds).toEqual([]);
    expect(quote.holds).toEqual([]);
    const all = [...base.transfers, ...quote.transfers];
    expect(all.every((t) => t.debit.kind === 'available' && !t.holdKey)).toBe(true);
    expect(all.some((t) => t.code === SPOT_CODES.release)).toBe(false);
    // 95 USDT turnover; the buyer (taker) pays 0.095 and the seller (maker) 0.076.
    expect(quote.transfers.map((t) => [t.code, t.units])).toEqual([
      ['spot_trade', 95_000_000n],
      ['spot_fee', 95_000n],
      ['spot_fee', 76_000n],
    ]);
  });

  it('keeps the hold of an order still on the book, at what is left of it', () => {
    const p = plan();
    const rests = p.submit(order(3, 2, buyer, 'buy', '94000'));
    expect(rests).toMatchObject({ status: 'open' });
    const { quote } = p.postings();
    // 94 USDT + the fee at the higher (taker) rate, 0.094: all of it still held.
    expect(quote.holds).toEqual([
      expect.objectContaining({ key: 'spot:3', units: 94_094_000n, remaining: 94_094_000n }),
    ]);
    expect(quote.transfers).toEqual([]);
  });

  it('refuses an order whose hold does not fit the balance, writing nothing for it', () => {
    const p = plan();
    const poor = accountsOf(3);
    const r = p.submit(order(4, 3, poor, 'buy', '95000'));
    expect(r).toBeInstanceOf(Error);
    expect(p.refused).toEqual([4]);
    expect(p.touched.size).toBe(0);
  });

  it('assembles the bundle: each part with the rows it must write', () => {
    const p = plan();
    p.submit(order(5, 1, seller, 'sell', '95000'));
    p.submit(order(6, 2, buyer, 'buy', '95000'));
    const fills = fillRows(grid, 'real', 7, now, p.fills, [501]);
    expect(fills).toEqual([
      expect.objectContaining({
        id: 501,
        seq: 7,
        takerOrderId: 6,
        makerOrderId: 5,
        turnover: '95',
        takerFee: '0.095',
        makerFee: '0.076',
      }),
    ]);
    const { parts, expect: rows } = bundleOf({
      grid,
      mode: 'real',
      now,
      refused: [],
      inserted: [],
      updated: [],
      fills,
      ledger: [{ parts: [{ name: 'q_transfers', text: 'select 1', values: [] }], expect: { q_transfers: 3 } }],
      seq: 7,
    });
    expect(parts.map((x) => x.name)).toEqual(['fills', 'q_transfers', 'book']);
    expect(rows).toEqual({ fills: 1, q_transfers: 3, book: 1 });
  });
});
