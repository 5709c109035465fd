/**
 * What one batch of a book writes, assembled from its plan (spot.plan.ts) as parts of one bundle
 * (db/raw.ts): the rows of new orders, older orders' new states, the fills, the ledger's parts in both
 * currencies and the book's change number, each with the row count it must write. Pure: the writer
 * (spot.writer.ts) runs the bundle in the batch's transaction.
 */
import type { BundlePart } from '../../db/raw.ts';
import type { FreshParts } from '../ledger/ledger.fast.ts';
import { type PairGrid, units } from './spot.grid.ts';
import type { NewOrder, PlanFill } from './spot.plan.ts';
import { type OrderState, spotRepository as repo } from './spot.repository.ts';
import type { NewSpotFillRow, NewSpotOrderRow } from './spot.tables.ts';
import type { SubmitJob } from './spot.writer.ts';

/** The batch's fills as rows, under ids drawn ahead (so the pushed trades carry the ids stored). */
export function fillRows(
  grid: PairGrid,
  mode: 'real' | 'demo',
  seq: number,
  now: Date,
  fills: readonly PlanFill[],
  ids: readonly number[],
): NewSpotFillRow[] {
  return fills.map((f, i) => ({
    id: ids[i] as number,
    pairId: grid.id,
    mode,
    seq,
    takerOrderId: f.takerOrderId,
    makerOrderId: f.makerOrderId,
    takerSide: f.takerSide,
    priceTicks: f.priceTicks,
    qtyLots: f.qtyLots,
    turnover: units(f.turnover, grid.quoteScale),
    takerFee: units(f.takerFee, grid.quoteScale),
    makerFee: units(f.makerFee, grid.quoteScale),
    createdAt: now,
  }));
}

/** The bundle's parts and the rows each must write (a shortfall fails the batch). */
export function bundleOf(b: {
  grid: PairGrid;
  mode: 'real' | 'demo';
  now: Date;
  /** Early-inserted orders the batch refused: their rows go. */
  refused: readonly number[];
  /** New orders' rows in their final state. */
  inserted: readonly NewSpotOrderRow[];
  /** Orders stored before (early inserts, resting orders) in their new state. */
  updated: readonly OrderState[];
  fills: readonly NewSpotFillRow[];
  ledger: readonly Pick<FreshParts, 'parts' | 'expect'>[];
  /** The book's new change number when subscribers see a change; null otherwise. */
  seq: number | null;
}): { parts: BundlePart[]; expect: Record<string, number> } {
  const parts: BundlePart[] = [];
  const expect: Record<string, number> = {};
  const add = (part: BundlePart, rows: number) => {
    parts.push(part);
    expect[part.name] = rows;
  };
  if (b.refused.length) add({ ...repo.deleteOrdersPart('refused', b.refused), behind: true }, b.refused.length);
  if (b.inserted.length) add(repo.insertOrdersPart('new_orders', b.inserted), b.inserted.length);
  if (b.updated.length) add({ ...repo.updateOrdersPart('orders', b.updated), behind: true }, b.updated.length);
  // Behind the wait: a fill may name a maker order the batch before inserted (its foreign key is
  // checked against committed rows).
  if (b.fills.length) add({ ...repo.fillsPart('fills', b.fills), behind: true }, b.fills.length);
  for (const l of b.ledger) {
    parts.push(...l.parts);
    Object.assign(expect, l.expect);
  }
  if (b.seq !== null) add({ ...repo.bookSeqPart('book', b.grid.id, b.mode, b.seq, b.now), behind: true }, 1);
  return { parts, expect };
}

// Built field by field: spreading these objects cost ~20 µs an order in the batch's loop.
export function newOrder(j: SubmitJob, id: number, publicId: number, orderNo: string, createdAt: Date): NewOrder {
  const o = j.order;
  return {
    id,
    publicId,
    orderNo,
    userId: o.userId,
    side: o.side,
    type: o.type,
    tif: o.tif,
    priceTicks: o.priceTicks,
    qtyLots: o.qtyLots,
    accounts: o.accounts,
    createdAt,
  };
}

/** A new order's row in the state its batch leaves it in (it has no clientOrderId: those go in early). */
export function newRow(r: SubmitJob['row'], s: OrderState, now: Date): NewSpotOrderRow {
  return {
    id: s.id,
    publicId: r.publicId,
    orderNo: r.orderNo,
    userId: r.userId,
    mode: r.mode,
    pairId: r.pairId,
    side: r.side,
    type: r.type,
    tif: r.tif,
    priceTicks: r.priceTicks,
    protectionTicks: s.protectionTicks,
    qtyLots: r.qtyLots,
    filledLots: s.filledLots,
    turnover: s.turnover,
    fee: s.fee,
    feeAccrual: s.feeAccrual,
    held: s.held,
    status: s.status,
    cancelReason: s.cancelReason,
    bookSeq: s.bookSeq,
    clientOrderId: null,
    clientRequestHash: null,
    createdAt: now,
    updatedAt: s.updatedAt,
    lastTradeAt: s.lastTradeAt,
  };
}
