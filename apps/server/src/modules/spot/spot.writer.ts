/**
 * The owner of one order book (a pair in one account mode): the only writer of its orders, in the
 * process that holds the spot lease. Commands queue while a batch's transaction is in flight and go
 * together in the next one (group commit), in arrival order, in two round trips (db/pipeline.ts),
 * one behind another (spot.chain.ts):
 *
 *   BEGIN; lock the batch's slot (spot_book_chain); read the submitters' balances (spot.balances.ts);
 *   insert the orders that carry a clientOrderId —
 *   then, in memory, each command in turn: a new order's hold is checked against its user's balance
 *   (spent as orders are admitted), then the book matches it; a cancel takes an order off the book
 *   (spot.plan.ts) —
 *   the wait for the batch before to commit (failing with it), then one bundle: delete the refused
 *   orders' rows, write the new orders and every touched order's new state, the fills, the holds and
 *   transfers in both currencies (ledger.bulk.ts), the book's change number and the batch's event,
 *   each part checking its own row count; COMMIT.
 *
 * Answers go out only after the COMMIT: an order acknowledged is durable. The book in memory runs
 * ahead of the database only inside a batch; when a batch's transaction fails, the book is rebuilt
 * from the database (as after a crash: the resting orders in their time priority) and each of the
 * batch's commands is tried again alone, so one command's problem stays its own.
 */
import type { L2Snapshot } from '@openbourse/engine';
import { OrderBook } from '@openbourse/engine';
import { SPOT_DEPTH_LEVELS } from '@openbourse/contracts/spot.ts';
import { concurrentTransactions } from '../../db/pipeline.ts';
import { balanceReads, type InFlight } from './spot.balances.ts';
import { createBatchRunner } from './spot.chain.ts';
import type { AccountMeta } from '../ledger/ledger.service.ts';
import { BatchPlan, type LiveOrder, type NewOrder } from './spot.plan.ts';
import type { PairGrid } from './spot.grid.ts';
import { bundleOf, fillRows, newOrder, newRow } from './spot.bundle.ts';
import { levelDiff, liveOf, restingBook, stateOf } from './spot.rows.ts';
import { CHAIN_SLOTS, spotRepository as repo } from './spot.repository.ts';
import type { SpotContext } from './spot.context.ts';
import { spotErrors } from './spot.errors.ts';
import type { NewSpotOrderRow } from './spot.tables.ts';

/** Most commands one transaction writes. */
export const MAX_BATCH = 128;

/**
 * Most commands of one user waiting for one book at a time. Every command for a book reaches its one
 * writer, so this count is exact across processes: a client flooding a book is refused (42900) at
 * the door instead of filling the batches everyone else's orders wait behind.
 */
export const MAX_QUEUED_PER_USER = 64;

export type Outcome = LiveOrder | Error;

/** A submit whose clientOrderId (or, rarely, random public id) was taken: the service answers it. */
export interface Duplicate {
  duplicate: true;
}
export type Answer = Outcome | Duplicate;
export const isDuplicate = (a: Answer): a is Duplicate => !(a instanceof Error) && 'duplicate' in a;

export interface SubmitJob {
  kind: 'submit';
  userId: number;
  row: NewSpotOrderRow & { publicId: number; userId: number; orderNo: string };
  order: Omit<NewOrder, 'id' | 'publicId' | 'orderNo' | 'createdAt'>;
  resolve(o: Answer): void;
}
interface CancelJob {
  kind: 'cancel';
  userId: number;
  orderId: number;
  resolve(o: Answer): void;
}
type Job = SubmitJob | CancelJob;

/** What a committed batch tells the rest of the platform (spot.events.ts turns it into pushes). */
export interface BookChange {
  pairId: number;
  mode: 'real' | 'demo';
  seq: number;
  bids: [string, string][];
  asks: [string, string][];
  trades: { id: number; price: string; quantity: string; side: 'buy' | 'sell'; time: number }[];
  users: { userId: number; ids: number[] }[];
}

export type BookWriter = ReturnType<typeof createBookWriter>;

export function createBookWriter(
  ctx: SpotContext,
  initialGrid: PairGrid,
  mode: 'real' | 'demo',
  onCommitted: (change: BookChange, eventId: number | null, payload: unknown) => Promise<void>,
) {
  const { clock, ledger, db, log } = ctx;
  /** The pair's settings; replaced (setGrid) when an operator edits the pair. */
  let grid = initialGrid;
  let book = new OrderBook();
  let live = new Map<number, LiveOrder>();
  let seq = 0;
  let bookSeq = 0;
  /** The number of the book's last batch started (spot_book_chain once it commits). */
  let batchNo = 0;
  /** Batches sent whose COMMIT has not been seen, oldest first (spot.balances.ts). */
  const inFlight: InFlight[] = [];
  /**
   * Batches in flight at once: the next one's first round trip goes out as soon as this one's bundle
   * is sent, and it is matched while this one executes; its bundle waits in the database for this
   * one's COMMIT (spot_book_chain). PGlite's one connection takes one transaction at a time.
   */
  const depth = concurrentTransactions(db) ? CHAIN_SLOTS - 1 : 1;
  /** The top levels as last published: diffs are computed against them. */
  let top: L2Snapshot = { bids: [], asks: [] };
  const queue: Job[] = [];
  /** Each user's commands queued or in the batch in flight. */
  const perUser = new Map<number, number>();
  /** Admits a command of `userId` (false: too many of theirs wait already) and counts it until answered. */
  function admit(userId: number, resolve: (a: Answer) => void): ((a: Answer) => void) | null {
    const n = perUser.get(userId) ?? 0;
    if (n >= MAX_QUEUED_PER_USER) return null;
    perUser.set(userId, n + 1);
    return (a) => {
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
      resolve(a);
    };
  }
  /** The platform's fee accounts this book pays into (fixed by the pair's id and currencies). */
  let feeAccounts: { base: AccountMeta; quote: AccountMeta } | null = null;
  let loading: Promise<void> | null = null;
  let stopped = false;

  /** The book as the database has it: resting orders in time priority, the change number. */
  async function load(): Promise<void> {
    const rows = await repo.openOrders(db, grid.id, mode);
    const state = await repo.bookState(db, grid.id, mode, clock.now());
    const next = new Map<number, LiveOrder>();
    for (const r of rows) next.set(r.id, liveOf(ctx, grid, r, await ctx.accountsOf(r.userId, mode, grid)));
    const b = new OrderBook();
    b.restore(restingBook(rows));
    book = b;
    live = next;
    seq = state.seq;
    batchNo = state.batch;
    inFlight.length = 0;
    bookSeq = state.maxBookSeq;
    top = book.l2(SPOT_DEPTH_LEVELS);
  }

  function ensureLoaded(): Promise<void> {
    if (!loading) {
      loading = load().catch((e: unknown) => {
        loading = null;
        throw e;
      });
    }
    return loading;
  }

  /**
   * One batch: its transaction, then (committed) its answers and its event. A new order's row is
   * written once, in the state the batch leaves it in, with the batch's other writes; one with a
   * clientOrderId, or any order of a command retried `alone`, is inserted first (with the balance
   * locks), so that a clientOrderId or random public id already taken is answered as a duplicate
   * before the book sees it. A late insert that meets a taken one fails its batch, whose commands are
   * then tried alone.
   */
  async function writeBatch(batch: Job[], alone = false, planned?: () => void): Promise<Answer[]> {
    const stats = ctx.stats;
    let at = performance.now();
    const lap = (key: 'beforeMs' | 'firstMs' | 'planMs' | 'lastMs') => {
      const now = performance.now();
      stats[key] += now - at;
      at = now;
    };
    // Every await before the transaction's first round trip yields to whatever else the process has
    // queued (HTTP requests), while the database waits: what is known already is used as it is.
    feeAccounts ??= { base: await feeShard(grid.base), quote: await feeShard(grid.quote) };
    const fees = feeAccounts;
    // The VIP discounts of everyone who may trade in this batch (levels change once a day).
    const traders = new Set<number>();
    for (const j of batch) if (j.kind === 'submit') traders.add(j.order.userId);
    for (const o of live.values()) traders.add(o.userId);
    // Read in the transaction's first round trip (no levels module wired: no discounts).
    const discountRead = ctx.discountsStatement && traders.size > 0 ? ctx.discountsStatement([...traders]) : null;
    let discounts = new Map<number, number>();
    const submits = batch.filter((j): j is SubmitJob => j.kind === 'submit');
    const ids = ctx.takeOrderIds(submits.length) ?? (await ctx.nextOrderIds(db, submits.length));
    const idOf = new Map(submits.map((j, i) => [j, ids[i] as number]));
    const early = submits.filter((j) => alone || j.row.clientOrderId !== null);
    const earlyIds = new Set(early.map((j) => idOf.get(j) as number));
    let plan!: BatchPlan;
    let outcomes!: Answer[];
    let change: BookChange | null = null;
    let payload: unknown = null;
    batchNo += 1;
    const no = batchNo;
    const slot = repo.slotStatement(grid.id, mode, no);
    const link = repo.chainStatement(grid.id, mode, no);
    /** The batches before this one whose COMMIT has not been seen yet, as they stand now. */
    const before = inFlight.slice();
    let mine: InFlight | null = null;
    lap('beforeMs');
    const result = await ledger
      .runPipelined(async (t) => {
        const now = clock.now();
        const buys = submits.filter((j) => j.order.side === 'buy').map((j) => j.order.accounts.quote.available);
        const sells = submits.filter((j) => j.order.side === 'sell').map((j) => j.order.accounts.base.available);
        const reads = await balanceReads(ledger, t.outside, grid, mode, buys, sells, before);
        const insert = early.length
          ? repo.insertOrdersStatement(
              early.map((j) => ({ ...j.row, id: idOf.get(j), createdAt: now, updatedAt: now })),
            )
          : null;
        const statements = [slot, ...reads.statements, insert, discountRead].filter(
          (s) => s !== undefined && s !== null,
        );
        const rows = await t.first(statements as never);
        lap('firstMs');
        // The slot holds the number of an earlier batch (CHAIN_SLOTS before), or another process wrote the book.
        if (Number(rows[0]?.[0]?.batch) >= no) throw new Error('spot: the book was written elsewhere');
        const balances = reads.read(rows.slice(1));
        let k = 1 + reads.statements.length;
        const stored = insert ? insert.read(rows[k++] ?? []) : [];
        if (discountRead) discounts = discountRead.read(rows[k++] ?? []);
        const byPublic = new Map(stored.map((r) => [r.publicId, r]));
        plan = new BatchPlan(grid, book, live, balances, fees, now, () => ++bookSeq, discounts);
        const late = new Map<number, SubmitJob>();
        outcomes = batch.map((j) => {
          if (j.kind === 'cancel') return plan.cancel(j.orderId);
          const id = idOf.get(j) as number;
          if (!earlyIds.has(id)) {
            late.set(id, j);
            return plan.submit(newOrder(j, id, j.row.publicId, j.row.orderNo, now));
          }
          const r = byPublic.get(j.row.publicId);
          if (!r) return { duplicate: true as const };
          return plan.submit(newOrder(j, r.id, r.publicId, r.orderNo, r.createdAt));
        });
        const refused = plan.refused.filter((id) => earlyIds.has(id));
        if (plan.touched.size === 0 && refused.length === 0) {
          // Nothing to write but the batch's number, after the batch before committed.
          const ending = t.last([], [], {}, link);
          planned?.();
          await ending;
          return null;
        }
        const postings = plan.postings();
        const quote = await ledger.bulkParts(t.tx, { currency: grid.quote, prefix: 'q', ...postings.quote });
        const base = await ledger.bulkParts(t.tx, { currency: grid.base, prefix: 'b', ...postings.base });
        mine = { no, deltas: new Map([...quote.changes, ...base.changes]) };
        const touched = [...plan.touched.values()];
        const inserted = touched.filter((o) => late.has(o.id));
        const updated = touched.filter((o) => !late.has(o.id));
        if (plan.changed) {
          // A change number counts what subscribers see (the top levels and the trades): a change
          // deeper in the book moves neither, and a client must not read a gap into it.
          const after = book.l2(SPOT_DEPTH_LEVELS);
          const bids = levelDiff(ctx, grid, top.bids, after.bids);
          const asks = levelDiff(ctx, grid, top.asks, after.asks);
          if (bids.length > 0 || asks.length > 0 || plan.fills.length > 0) {
            seq += 1;
            change = { pairId: grid.id, mode, seq, bids, asks, trades: [], users: [] };
          }
          top = after;
        }
        const byUser = new Map<number, number[]>();
        for (const o of touched) byUser.set(o.userId, [...(byUser.get(o.userId) ?? []), o.publicId]);
        // Fill ids are drawn ahead from their sequence, so the pushed trades carry the ids stored.
        const fillIds = plan.fills.length ? await ctx.nextFillIds(t.outside, plan.fills.length) : [];
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
          refused,
          inserted: inserted.map((o) => newRow((late.get(o.id) as SubmitJob).row, stateOf(grid, o), now)),
          updated: updated.map((o) => stateOf(grid, o)),
          fills,
          ledger: [quote, base],
          seq: change ? seq : null,
        });
        payload = event;
        // Only a batch that changed an order tells anyone (a batch of refusals has nothing to say).
        const parts2 = touched.length ? [...parts, ctx.events.ownPart('event', ctx.topic, event)] : parts;
        lap('planMs');
        const sending = t.last(
          parts2,
          touched.length ? ['event'] : [],
          touched.length ? { ...expect, event: 1 } : expect,
          link,
        );
        // The book in memory is this batch's: the next batch may be matched against it now, and reads
        // what this one changes as this one will leave it (spot.balances.ts).
        inFlight.push(mine);
        planned?.();
        const res = await sending;
        if (touched.length) change = event;
        lap('lastMs');
        return res.ids.event?.[0] ?? null;
      })
      .finally(() => {
        // Committed or failed: read as the database has it from now on (a failure reloads the book).
        const i = mine ? inFlight.indexOf(mine) : -1;
        if (i >= 0) inFlight.splice(i, 1);
      });
    // Committed: the answers and the event. The book's next batch does not wait for the publish (a
    // round trip to Redis with several processes); publishes leave in batch order on one connection,
    // and a failed one is the relay's to retry.
    if (change) {
      void onCommitted(change, result, payload).catch((err: unknown) =>
        log.error({ err }, 'spot: publishing a book change failed'),
      );
    }
    return outcomes;
  }

  async function feeShard(currency: string): Promise<AccountMeta> {
    const shards = await ledger.platformShards(mode, currency, 'fees');
    return shards[grid.id % shards.length] as AccountMeta;
  }

  async function reload(): Promise<void> {
    loading = null;
    await ensureLoaded().catch((err: unknown) => log.error({ err }, 'spot: reloading a book failed'));
  }

  const runner = createBatchRunner<Job, Answer>({
    queue,
    depth,
    maxBatch: MAX_BATCH,
    stats: ctx.stats,
    log,
    write: writeBatch,
    ensureLoaded,
    reload,
    stopped: () => stopped,
  });

  function kick(): void {
    if (!runner.busy) void runner.run();
    else runner.wake();
  }

  return {
    get grid() {
      return grid;
    },
    /** The pair's edited settings, used from the next batch on. */
    setGrid(next: PairGrid) {
      grid = next;
    },
    mode,
    submit(row: SubmitJob['row'], order: SubmitJob['order']): Promise<Answer> {
      return new Promise((resolve) => {
        if (stopped) return resolve(spotErrors.notTradable());
        const counted = admit(row.userId, resolve);
        if (!counted) return resolve(spotErrors.tooMany());
        queue.push({ kind: 'submit', userId: row.userId, row, order, resolve: counted });
        kick();
      });
    },
    cancel(orderId: number, userId: number): Promise<Answer> {
      return new Promise((resolve) => {
        if (stopped) return resolve(spotErrors.notTradable());
        const counted = admit(userId, resolve);
        if (!counted) return resolve(spotErrors.tooMany());
        queue.push({ kind: 'cancel', userId, orderId, resolve: counted });
        kick();
      });
    },
    /** The order if it rests in this book (as the writer holds it). */
    resting: (orderId: number) => live.get(orderId),
    /** Best bid and ask in ticks (the market maker reads them). */
    best: () => book.l2(1),
    load: ensureLoaded,
    /** No new commands; those queued are refused (the lease went: another process owns the book now). */
    stop() {
      stopped = true;
      for (const j of queue.splice(0)) j.resolve(spotErrors.notTradable());
    },
    /** For tests: the book's invariants and its agreement with the orders held. */
    check() {
      book.checkInvariants();
    },
    get seq() {
      return seq;
    },
  };
}
