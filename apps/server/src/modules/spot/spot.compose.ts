/**
 * A planned batch's writes (spot.writer.ts), whichever way it travels: the refused early orders'
 * deletes, the new orders' rows and the touched orders' new states, the fills, the ledger's holds and
 * transfers in both currencies, the book's change number and the batch's event, each with the row
 * count it must return; and what subscribers are told once it commits.
 */
import type { OrderBook, L2Snapshot } from '@openbourse/engine';
import { SPOT_DEPTH_LEVELS } from '@openbourse/contracts/spot.ts';
import type { Executor } from '../../db/client.ts';
import type { BundlePart } from '../../db/raw.ts';
import type { BatchPlan } from './spot.plan.ts';
import type { PairGrid } from './spot.grid.ts';
import { bundleOf, fillRows, newRow } from './spot.bundle.ts';
import { levelDiff, stateOf } from './spot.rows.ts';
import type { SpotContext } from './spot.context.ts';
import type { BookChange, SubmitJob } from './spot.writer.ts';

/** What subscribers last saw of a book: its change number and top levels (diffs are against them). */
export interface Published {
  seq: number;
  top: L2Snapshot;
}

export interface Composed {
  parts: BundlePart[];
  idParts: string[];
  expect: Record<string, number>;
  /** Each account's net change (ledger.bulk.ts). */
  deltas: Map<number, bigint>;
  /** What subscribers are told once it commits, if anything changed for them. */
  change: BookChange | null;
  /** The batch's event (null: it changed no order, and tells no one). */
  event: BookChange | null;
}

export async function composeBatch(
  ctx: SpotContext,
  b: {
    grid: PairGrid;
    mode: 'real' | 'demo';
    book: OrderBook;
    plan: BatchPlan;
    now: Date;
    /** Orders the batch inserts with its bundle, by id. */
    late: ReadonlyMap<number, SubmitJob>;
    /** Early-inserted orders it refused (their rows go). */
    refused: readonly number[];
    /** For reads outside the transaction (a currency's scale, fill ids). */
    exec: Executor;
    published: Published;
  },
): Promise<Composed> {
  const { grid, mode, plan, now, late, published } = b;
  const postings = plan.postings();
  const quote = await ctx.ledger.bulkParts(b.exec, { currency: grid.quote, prefix: 'q', ...postings.quote });
  const base = await ctx.ledger.bulkParts(b.exec, { currency: grid.base, prefix: 'b', ...postings.base });
  const touched = [...plan.touched.values()];
  const inserted = touched.filter((o) => late.has(o.id));
  const updated = touched.filter((o) => !late.has(o.id));
  let change: BookChange | null = null;
  if (plan.changed) {
    // A change number counts what subscribers see (the top levels and the trades): a change deeper
    // in the book moves neither, and a client must not read a gap into it.
    const after = b.book.l2(SPOT_DEPTH_LEVELS);
    const bids = levelDiff(ctx, grid, published.top.bids, after.bids);
    const asks = levelDiff(ctx, grid, published.top.asks, after.asks);
    if (bids.length > 0 || asks.length > 0 || plan.fills.length > 0) {
      published.seq += 1;
      change = { pairId: grid.id, mode, seq: published.seq, bids, asks, trades: [], users: [] };
    }
    published.top = after;
  }
  const seq = published.seq;
  const byUser = new Map<number, number[]>();
  for (const o of touched) byUser.set(o.userId, [...(byUser.get(o.userId) ?? []), o.publicId]);
  // Fill ids are drawn ahead from their sequence, so the pushed trades carry the ids stored.
  const fillIds = plan.fills.length ? await ctx.nextFillIds(b.exec, plan.fills.length) : [];
  const fills = fillRows(grid, mode, seq, now, plan.fills, fillIds);
  const event: BookChange = {
    ...(change ?? { pairId: grid.id, mode, seq, bids: [], asks: [] }),
    trades: fills.map((f) => ({
      id: f.id as number,
      price: ctx.price(grid, f.priceTicks),
      quantity: ctx.qty(grid, f.qtyLots),
      side: f.takerSide as 'buy' | 'sell',
      time: now.getTime(),
    })),
    users: [...byUser].map(([userId, ids]) => ({ userId, ids })),
  };
  const { parts, expect } = bundleOf({
    grid,
    mode,
    now,
    refused: b.refused,
    inserted: inserted.map((o) => newRow((late.get(o.id) as SubmitJob).row, stateOf(grid, o), now)),
    updated: updated.map((o) => stateOf(grid, o)),
    fills,
    ledger: [quote, base],
    seq: change ? seq : null,
  });
  const deltas = new Map([...quote.changes, ...base.changes]);
  // Only a batch that changed an order tells anyone (a batch of refusals has nothing to say).
  if (!touched.length) return { parts, idParts: [], expect, deltas, change, event: null };
  return {
    parts: [...parts, ctx.events.ownPart('event', ctx.topic, event)],
    idParts: ['event'],
    expect: { ...expect, event: 1 },
    deltas,
    change: event,
    event,
  };
}

/** The discounts guard's part: fails the batch unless these users' discounts are still `bps`. */
export function discountGuard(
  ctx: SpotContext,
  known: ReadonlyMap<number, number>,
  users: Iterable<number>,
): { part: BundlePart; rows: number } | null {
  if (!ctx.discountsGuardPart) return null;
  const ids: number[] = [];
  const bps: number[] = [];
  for (const u of users) {
    ids.push(u);
    bps.push(known.get(u) ?? 0);
  }
  if (!ids.length) return null;
  return { part: ctx.discountsGuardPart('discounts', ids, bps), rows: ids.length };
}
