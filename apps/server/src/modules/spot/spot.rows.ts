/**
 * The book writer's conversions between the database and memory: an order row to the live order the
 * matcher works on, the resting orders to the book they make, a live order back to the state its row
 * is written with, and the depth levels that changed between two published tops.
 */
import type { BookSnapshot, L2Snapshot } from '@openbourse/engine';
import type { SpotContext } from './spot.context.ts';
import { type PairGrid, units } from './spot.grid.ts';
import type { LiveOrder, PairAccounts } from './spot.plan.ts';
import type { OrderState } from './spot.repository.ts';
import type { SpotOrderRow } from './spot.tables.ts';

/** The resting orders (open rows) as a book to restore: each side in price, then time priority. */
export function restingBook(rows: readonly SpotOrderRow[]): BookSnapshot {
  const side = (s: 'buy' | 'sell') =>
    rows
      .filter((r) => r.side === s && r.type === 'limit')
      .sort((a, b) =>
        a.priceTicks === b.priceTicks
          ? (a.bookSeq ?? 0) - (b.bookSeq ?? 0)
          : s === 'buy'
            ? (b.priceTicks ?? 0) - (a.priceTicks ?? 0)
            : (a.priceTicks ?? 0) - (b.priceTicks ?? 0),
      )
      .map((r) => ({
        id: r.id,
        owner: r.userId,
        priceTicks: r.priceTicks as number,
        qtyLots: r.qtyLots - r.filledLots,
        postOnly: r.tif === 'POST_ONLY',
      }));
  return { version: 1, bids: side('buy'), asks: side('sell') };
}

/** An order row as the matcher holds it (amounts in integer units of the pair's scales). */
export function liveOf(ctx: SpotContext, grid: PairGrid, r: SpotOrderRow, accounts: PairAccounts): LiveOrder {
  const scale = r.side === 'buy' ? grid.quoteScale : grid.baseScale;
  return {
    id: r.id,
    publicId: r.publicId,
    orderNo: r.orderNo,
    userId: r.userId,
    side: r.side as 'buy' | 'sell',
    type: r.type as 'limit' | 'market',
    tif: r.tif as LiveOrder['tif'],
    priceTicks: r.priceTicks,
    protectionTicks: r.protectionTicks,
    qtyLots: r.qtyLots,
    filledLots: r.filledLots,
    turnover: ctx.toUnits(r.turnover, grid.quoteScale),
    fee: ctx.toUnits(r.fee, grid.quoteScale),
    feeAccrual: ctx.toUnits(r.feeAccrual, 0),
    held: ctx.toUnits(r.held, scale),
    status: r.status as LiveOrder['status'],
    cancelReason: r.cancelReason as LiveOrder['cancelReason'],
    bookSeq: r.bookSeq,
    accounts,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastTradeAt: r.lastTradeAt,
  };
}

/** A live order's state as its row is written (decimal strings). */
export function stateOf(grid: PairGrid, o: LiveOrder): OrderState {
  return {
    id: o.id,
    filledLots: o.filledLots,
    turnover: units(o.turnover, grid.quoteScale),
    fee: units(o.fee, grid.quoteScale),
    feeAccrual: o.feeAccrual.toString(),
    held: units(o.held, o.side === 'buy' ? grid.quoteScale : grid.baseScale),
    status: o.status,
    cancelReason: o.cancelReason,
    bookSeq: o.bookSeq,
    protectionTicks: o.protectionTicks,
    updatedAt: o.updatedAt,
    lastTradeAt: o.lastTradeAt,
  };
}

/** Levels that differ between two tops: [price, quantity], "0" for a level that left. */
export function levelDiff(
  ctx: SpotContext,
  grid: PairGrid,
  before: L2Snapshot['bids'],
  after: L2Snapshot['bids'],
): [string, string][] {
  const out: [string, string][] = [];
  const was = new Map(before.map((l) => [l.priceTicks, l.qtyLots]));
  const now = new Set<number>();
  for (const l of after) {
    now.add(l.priceTicks);
    if (was.get(l.priceTicks) !== l.qtyLots) out.push([ctx.price(grid, l.priceTicks), ctx.qty(grid, l.qtyLots)]);
  }
  for (const l of before) if (!now.has(l.priceTicks)) out.push([ctx.price(grid, l.priceTicks), '0']);
  return out;
}
