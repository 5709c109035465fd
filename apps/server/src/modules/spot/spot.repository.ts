import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type BundlePart, rawRows, tableInsert } from '../../db/raw.ts';
import { type NewSpotFillRow, type NewSpotOrderRow, spotFills, spotOrders, spotPairs } from './spot.tables.ts';

/**
 * The spot module's SQL. Reads go through Drizzle; the writer's statements (the orders' insert, their
 * new states, the fills, the book's change number) are fixed-text bundle parts (db/raw.ts) so a batch
 * of any size is one prepared statement.
 */

const orderInsert = tableInsert(spotOrders, { onConflictDoNothing: true });
const fillInsert = tableInsert(spotFills);

export interface OrderState {
  id: number;
  filledLots: number;
  turnover: string;
  fee: string;
  feeAccrual: string;
  held: string;
  status: string;
  cancelReason: string | null;
  bookSeq: number | null;
  protectionTicks: number | null;
  updatedAt: Date;
  lastTradeAt: Date | null;
}

const UPDATE_TEXT = `update spot_orders as o set filled_lots = d.f, turnover = d.t, fee = d.fee, fee_accrual = d.acc,
      held = d.h, status = d.s, cancel_reason = d.r, book_seq = d.q, protection_ticks = d.p, updated_at = d.u,
      last_trade_at = d.l
    from unnest($1::bigint[], $2::bigint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::text[],
      $8::text[], $9::bigint[], $10::bigint[], $11::timestamptz[], $12::timestamptz[])
      as d(id, f, t, fee, acc, h, s, r, q, p, u, l)
    where o.id = d.id and o.status = 'open'
    returning o.id`;

const DEPTH_TEXT = `with lv as (
      select side, price_ticks, sum(qty_lots - filled_lots) as q from spot_orders
      where pair_id = $1 and mode = $2 and status = 'open' group by side, price_ticks),
    bids as (select price_ticks, q from lv where side = 'buy' order by price_ticks desc limit $3),
    asks as (select price_ticks, q from lv where side = 'sell' order by price_ticks asc limit $3)
    select coalesce((select seq from spot_books where pair_id = $1 and mode = $2), 0)::bigint as seq,
      coalesce((select json_agg(json_build_array(price_ticks, q) order by price_ticks desc) from bids), '[]'::json) as bids,
      coalesce((select json_agg(json_build_array(price_ticks, q) order by price_ticks asc) from asks), '[]'::json) as asks`;

const STATS_TEXT = `select f.pair_id, count(*)::int as n, min(f.price_ticks)::bigint as low, max(f.price_ticks)::bigint as high,
      sum(f.qty_lots)::bigint as lots, sum(f.turnover)::text as quote,
      (select price_ticks from spot_fills o where o.pair_id = f.pair_id and o.mode = $1 and o.created_at <= $2
        order by o.id desc limit 1)::bigint as before,
      (array_agg(f.price_ticks order by f.id asc))[1]::bigint as first
    from spot_fills f where f.mode = $1 and f.created_at > $2 group by f.pair_id`;

const LAST_TEXT = `select distinct on (pair_id) pair_id, price_ticks::bigint as price from spot_fills where mode = $1
    order by pair_id, id desc`;

/**
 * A book's batch slots (spot_book_chain): a batch holds its own and, once it waited for the batch
 * before, that one's, until it ends; so with this many slots, `CHAIN_SLOTS - 1` batches may be in
 * flight and a slot is free by the time its next batch locks it. Three: a third batch in flight
 * measured slower (batches of 16 instead of 21, more CPU per order: 0.45–0.50× against 0.55×).
 */
export const CHAIN_SLOTS = 3;

export type PairStats = {
  n: number;
  low: number;
  high: number;
  lots: number;
  quote: string;
  before: number | null;
  first: number;
};

export const spotRepository = {
  /** The batch's new orders as one statement (db/pipeline.ts); a used clientOrderId or public id is left out. */
  insertOrdersStatement(rows: readonly NewSpotOrderRow[]) {
    return orderInsert.statement(rows);
  },

  /** New orders written once, in the state their batch leaves them in (a taken public id leaves one out). */
  insertOrdersPart(name: string, rows: readonly NewSpotOrderRow[]): BundlePart {
    return orderInsert.part(name, rows, 'id');
  },

  deleteOrdersPart(name: string, ids: readonly number[]): BundlePart {
    return { name, text: 'delete from spot_orders where id = any($1::bigint[]) returning id', values: [ids] };
  },

  updateOrdersPart(name: string, rows: readonly OrderState[]): BundlePart {
    return {
      name,
      text: UPDATE_TEXT,
      values: [
        rows.map((r) => r.id),
        rows.map((r) => r.filledLots),
        rows.map((r) => r.turnover),
        rows.map((r) => r.fee),
        rows.map((r) => r.feeAccrual),
        rows.map((r) => r.held),
        rows.map((r) => r.status),
        rows.map((r) => r.cancelReason),
        rows.map((r) => r.bookSeq),
        rows.map((r) => r.protectionTicks),
        rows.map((r) => r.updatedAt.toISOString()),
        rows.map((r) => r.lastTradeAt?.toISOString() ?? null),
      ],
    };
  },

  fillsPart(name: string, rows: readonly NewSpotFillRow[]): BundlePart {
    return fillInsert.part(name, rows, 'id');
  },

  bookSeqPart(name: string, pairId: number, mode: string, seq: number, at: Date): BundlePart {
    return {
      name,
      text: `insert into spot_books (pair_id, mode, seq, updated_at) values ($1::int, $2::text, $3::bigint, $4::timestamptz)
        on conflict (pair_id, mode) do update set seq = excluded.seq, updated_at = excluded.updated_at returning 1`,
      values: [pairId, mode, seq, at.toISOString()],
    };
  },

  async pairs(exec: Executor) {
    return exec.select().from(spotPairs).orderBy(asc(spotPairs.sort), asc(spotPairs.id));
  },

  /** A book's resting orders in time priority, and its last change number. */
  async openOrders(exec: Executor, pairId: number, mode: string) {
    return exec
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.pairId, pairId), eq(spotOrders.mode, mode), eq(spotOrders.status, 'open')))
      .orderBy(asc(spotOrders.bookSeq));
  },

  /**
   * The book's rows (made now if it has none: its change number, and its batch slots as a book whose
   * last batch was 0 leaves them), its change and batch numbers, and the last time priority given.
   */
  async bookState(
    exec: Executor,
    pairId: number,
    mode: string,
    at: Date,
  ): Promise<{ seq: number; batch: number; maxBookSeq: number }> {
    await rawRows(
      exec,
      'ob_spot_book_row',
      `insert into spot_books (pair_id, mode, seq, updated_at) values ($1::int, $2::text, 0, $3::timestamptz)
         on conflict (pair_id, mode) do nothing`,
      [pairId, mode, at.toISOString()],
    );
    await rawRows(
      exec,
      'ob_spot_chain_rows',
      `insert into spot_book_chain (pair_id, mode, slot, batch)
         select $1::int, $2::text, s, case when s = 0 then 0 else s - $3::int end from generate_series(0, $3::int - 1) s
         on conflict (pair_id, mode, slot) do nothing`,
      [pairId, mode, CHAIN_SLOTS],
    );
    const rows = await rawRows(
      exec,
      'ob_spot_book_state',
      `select b.seq::bigint as seq,
         (select max(batch) from spot_book_chain where pair_id = $1 and mode = $2)::bigint as batch,
         coalesce((select max(book_seq) from spot_orders where pair_id = $1 and mode = $2), 0)::bigint as max_seq
       from spot_books b where b.pair_id = $1 and b.mode = $2`,
      [pairId, mode],
    );
    const row = rows[0] ?? {};
    return { seq: Number(row.seq ?? 0), batch: Number(row.batch ?? 0), maxBookSeq: Number(row.max_seq ?? 0) };
  },

  /** Batch `no`'s first statement: its slot, locked until it ends (the next batch waits on it). */
  slotStatement(pairId: number, mode: string, no: number) {
    return {
      name: 'ob_spot_chain_slot',
      text: 'select batch from spot_book_chain where pair_id = $1::int and mode = $2::text and slot = $3::smallint for update',
      values: [pairId, mode, no % CHAIN_SLOTS],
    };
  },

  /**
   * `slotStatement` for a batch sent whole (db/pipeline.ts `only`): nothing answers before the rest
   * runs, so the check that no other process wrote the book (the slot holds an earlier batch's
   * number) fails in the statement itself.
   */
  slotCheckStatement(pairId: number, mode: string, no: number) {
    return {
      name: 'ob_spot_chain_slot_check',
      text: `with s as (
          select batch from spot_book_chain
          where pair_id = $1::int and mode = $2::text and slot = $3::smallint for update)
        select ob_expect((select (batch < $4::bigint)::int::bigint from s), 1, 'spot slot before this batch') as ok`,
      values: [pairId, mode, no % CHAIN_SLOTS, no],
    };
  },

  /**
   * Batch `no`'s statement ahead of its bundle: waits for batch no − 1 to end (that one holds its
   * slot), fails unless it committed (it wrote no − 1 there), and writes `no` in this batch's slot.
   * A statement of its own, so the bundle behind it sees what the batch before committed.
   */
  chainStatement(pairId: number, mode: string, no: number) {
    return {
      name: 'ob_spot_chain',
      // The check reads what the lock answers (the row as the batch before left it), not the
      // snapshot's version below it.
      text: `with before as (
          select batch from spot_book_chain
          where pair_id = $1::int and mode = $2::text and slot = $4::smallint for share)
        update spot_book_chain set batch = $3::bigint
        where pair_id = $1::int and mode = $2::text and slot = $5::smallint
          and ob_expect((select batch from before), $3::bigint - 1, 'spot batch before') = $3::bigint - 1
        returning batch`,
      values: [pairId, mode, no, (no - 1 + CHAIN_SLOTS) % CHAIN_SLOTS, no % CHAIN_SLOTS],
    };
  },

  /**
   * Balances read without a lock (accounts a batch still in flight writes, and so will lock), with
   * the book's batch number in the same snapshot: the reader adds the changes of the batches after it.
   */
  balancesAtBatchStatement(pairId: number, mode: string, ids: readonly number[]) {
    return {
      name: 'ob_spot_balances_at_batch',
      text: `select a.id, a.balance, b.batch from ledger_accounts a
        cross join (select max(batch) as batch from spot_book_chain where pair_id = $1::int and mode = $2::text) b
        where a.id = any($3::bigint[])`,
      values: [pairId, mode, ids],
    };
  },

  /** The top `levels` of each side, aggregated from the resting orders, with the change number they are at. */
  async depth(exec: Executor, pairId: number, mode: string, levels: number) {
    const rows = await rawRows(exec, 'ob_spot_depth', DEPTH_TEXT, [pairId, mode, levels]);
    const row = rows[0] ?? {};
    const side = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as [number, number][];
    return { seq: Number(row.seq ?? 0), bids: side(row.bids), asks: side(row.asks) };
  },

  async trades(exec: Executor, pairId: number, mode: string, limit: number) {
    return exec
      .select()
      .from(spotFills)
      .where(and(eq(spotFills.pairId, pairId), eq(spotFills.mode, mode)))
      .orderBy(desc(spotFills.id))
      .limit(limit);
  },

  /** Per pair: the last 24 hours' trades in figures, and the last price before them. */
  async stats(exec: Executor, mode: string, since: Date): Promise<Map<number, PairStats>> {
    const rows = await rawRows(exec, 'ob_spot_stats', STATS_TEXT, [mode, since.toISOString()]);
    return new Map(
      rows.map((r) => [
        Number(r.pair_id),
        {
          n: Number(r.n),
          low: Number(r.low),
          high: Number(r.high),
          lots: Number(r.lots),
          quote: String(r.quote),
          before: r.before === null || r.before === undefined ? null : Number(r.before),
          first: Number(r.first),
        },
      ]),
    );
  },

  async lastPrices(exec: Executor, mode: string): Promise<Map<number, number>> {
    const rows = await rawRows(exec, 'ob_spot_last', LAST_TEXT, [mode]);
    return new Map(rows.map((r) => [Number(r.pair_id), Number(r.price)]));
  },

  async findOwnOrder(exec: Executor, q: { publicId: number; userId: number; mode: string }) {
    const [row] = await exec
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.publicId, q.publicId), eq(spotOrders.userId, q.userId), eq(spotOrders.mode, q.mode)));
    return row;
  },

  async findByClientOrderId(exec: Executor, q: { userId: number; mode: string; clientOrderId: string }) {
    const [row] = await exec
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, q.userId),
          eq(spotOrders.mode, q.mode),
          eq(spotOrders.clientOrderId, q.clientOrderId),
        ),
      );
    return row;
  },

  async listOrders(
    exec: Executor,
    q: {
      userId: number;
      mode: string;
      pairId?: number;
      status?: string;
      open?: boolean;
      offset: number;
      limit: number;
    },
  ) {
    const where = and(
      eq(spotOrders.userId, q.userId),
      eq(spotOrders.mode, q.mode),
      q.pairId === undefined ? undefined : eq(spotOrders.pairId, q.pairId),
      q.status === undefined ? undefined : eq(spotOrders.status, q.status),
    );
    const [rows, [total]] = await Promise.all([
      exec.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).offset(q.offset).limit(q.limit),
      exec.select({ n: count() }).from(spotOrders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async fillsOf(exec: Executor, orderId: number) {
    return exec
      .select()
      .from(spotFills)
      .where(sql`${spotFills.takerOrderId} = ${orderId} or ${spotFills.makerOrderId} = ${orderId}`)
      .orderBy(asc(spotFills.id));
  },

  /**
   * Per user, the turnover of their fills (as taker and as maker) on USDT-quoted pairs in [since,
   * until) in a book: VIP volume. A user may appear twice (taker rows, maker rows): callers add up.
   */
  async turnoverByUser(exec: Executor, mode: string, since: Date, until: Date) {
    const out: { userId: number; volume: string }[] = [];
    for (const side of [spotFills.takerOrderId, spotFills.makerOrderId]) {
      const rows = await exec
        .select({ userId: spotOrders.userId, volume: sql<string>`sum(${spotFills.turnover})::text` })
        .from(spotFills)
        .innerJoin(spotOrders, eq(spotOrders.id, side))
        .innerJoin(spotPairs, eq(spotPairs.id, spotFills.pairId))
        .where(
          and(
            eq(spotFills.mode, mode),
            eq(spotPairs.quote, 'USDT'),
            gte(spotFills.createdAt, since),
            lt(spotFills.createdAt, until),
          ),
        )
        .groupBy(spotOrders.userId);
      for (const r of rows) out.push({ userId: Number(r.userId), volume: r.volume });
    }
    return out;
  },
};
