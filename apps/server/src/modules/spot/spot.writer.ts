/**
 * The owner of one order book (a pair in one account mode): the only writer of its orders, in the
 * process that holds the spot lease. Commands queue while a batch's transaction is in flight and go
 * together in the next one (group commit), in arrival order, one behind another (spot.chain.ts),
 * each batch either in two round trips or, when the writer knows its submitters' balances and
 * discounts (spot.expect.ts), as one write (spot.paths.ts):
 *
 *   BEGIN; lock the batch's slot (spot_book_chain); [read the submitters' balances
 *   (spot.balances.ts); insert the orders that carry a clientOrderId —]
 *   in memory, each command in turn: a new order's hold is checked against its user's balance
 *   (spent as orders are admitted), then the book matches it; a cancel takes an order off the book
 *   (spot.plan.ts) —
 *   the wait for the batch before to commit (failing with it), then one bundle (spot.compose.ts):
 *   delete the refused orders' rows, write the new orders and every touched order's new state, the
 *   fills, the holds and transfers in both currencies (ledger.bulk.ts), the book's change number and
 *   the batch's event, each part checking its own row count; COMMIT.
 *
 * Answers go out only after the COMMIT: an order acknowledged is durable. The book in memory runs
 * ahead of the database only inside a batch; when a batch's transaction fails, the book is rebuilt
 * from the database (as after a crash: the resting orders in their time priority) and each of the
 * batch's commands is tried again alone, so one command's problem stays its own.
 */
import { OrderBook } from '@openbourse/engine';
import { SPOT_DEPTH_LEVELS } from '@openbourse/contracts/spot.ts';
import { concurrentTransactions } from '../../db/pipeline.ts';
import { createBatchRunner } from './spot.chain.ts';
import type { AccountMeta } from '../ledger/ledger.service.ts';
import type { LiveOrder, NewOrder } from './spot.plan.ts';
import type { PairGrid } from './spot.grid.ts';
import { createExpectations } from './spot.expect.ts';
import { AGAIN, type Batch, type BookState, batchPaths, type Sent } from './spot.paths.ts';
import { liveOf, restingBook } from './spot.rows.ts';
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

/** A bundle's conditional debit found less than the batch expected (ledger.bulk.ts `<prefix>_balances`). */
const BALANCES_SHORT = /\b[qb]_balances\b/;

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
  /** Refused on an expected balance: to be admitted against a balance read (spot.expect.ts). */
  verify?: boolean;
}
export interface CancelJob {
  kind: 'cancel';
  userId: number;
  orderId: number;
  resolve(o: Answer): void;
}
export type Job = SubmitJob | CancelJob;

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
  const st: BookState = {
    grid: initialGrid,
    mode,
    book: new OrderBook(),
    live: new Map<number, LiveOrder>(),
    bookSeq: 0,
    published: { seq: 0, top: { bids: [], asks: [] } },
    inFlight: [],
    expected: createExpectations(ctx.owners, () => clock.now().getTime()),
  };
  const paths = batchPaths(ctx, st);
  /** Answered when the newest batch's head ran (or it ended): the next one's wait goes after it. */
  let lastHead: Promise<void> = Promise.resolve();
  /** The number of the book's last batch started (spot_book_chain once it commits). */
  let batchNo = 0;
  /**
   * Batches in flight at once: the next one's first round trip goes out as soon as this one's bundle
   * is sent, and it is matched while this one executes; its bundle waits in the database for this
   * one's COMMIT (spot_book_chain). PGlite's one connection takes one transaction at a time.
   */
  const depth = concurrentTransactions(db) ? CHAIN_SLOTS - 1 : 1;
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
    const { grid } = st;
    const rows = await repo.openOrders(db, grid.id, mode);
    const state = await repo.bookState(db, grid.id, mode, clock.now());
    const next = new Map<number, LiveOrder>();
    for (const r of rows) next.set(r.id, liveOf(ctx, grid, r, await ctx.accountsOf(r.userId, mode, grid)));
    const b = new OrderBook();
    b.restore(restingBook(rows));
    st.book = b;
    st.live = next;
    st.published = { seq: state.seq, top: b.l2(SPOT_DEPTH_LEVELS) };
    batchNo = state.batch;
    st.inFlight.length = 0;
    st.bookSeq = state.maxBookSeq;
    // What the writer expected is read again (a failed batch's plans are in it).
    st.expected.forget();
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
   * One batch: its transaction (spot.paths.ts: as one write when the writer knows its submitters'
   * balances and discounts, in two round trips otherwise), then (committed) its answers and its event.
   */
  async function writeBatch(jobs: Job[], alone = false, planned?: () => void): Promise<Answer[]> {
    const stats = ctx.stats;
    let at = performance.now();
    const lap = (key: 'beforeMs' | 'firstMs' | 'planMs' | 'lastMs') => {
      const now = performance.now();
      stats[key] += now - at;
      at = now;
    };
    // Every await before the transaction's first round trip yields to whatever else the process has
    // queued (HTTP requests), while the database waits: what is known already is used as it is.
    feeAccounts ??= { base: await feeShard(st.grid.base), quote: await feeShard(st.grid.quote) };
    const submits = jobs.filter((j): j is SubmitJob => j.kind === 'submit');
    const known = alone || ctx.oneWrite === false ? null : st.expected.balancesFor(submits);
    const ids = known ? ctx.takeOrderIds(submits.length) : null;
    let headRan!: () => void;
    const before = lastHead;
    lastHead = new Promise<void>((resolve) => {
      headRan = resolve;
    });
    batchNo += 1;
    const b: Batch = { jobs, submits, no: batchNo, fees: feeAccounts, before, headRan, planned, lap };
    let sent: Sent;
    try {
      if (known && ids) {
        stats.whole += 1;
        sent = await paths.whole(b, known, ids).catch((e: unknown) => {
          // A conditional debit refused a balance expected (spent elsewhere): these users go the long way.
          if (BALANCES_SHORT.test(String((e as Error)?.message))) st.expected.suspect(submits.map((j) => j.userId));
          throw e;
        });
      } else sent = await paths.inTwo(b, alone);
    } finally {
      headRan();
      // Committed or failed: read as the database has it from now on (a failure reloads the book).
      const i = st.inFlight.findIndex((x) => x.no === b.no);
      if (i >= 0) st.inFlight.splice(i, 1);
    }
    // Committed: the answers and the event. The book's next batch does not wait for the publish (a
    // round trip to Redis with several processes); publishes leave in batch order on one connection,
    // and a failed one is the relay's to retry.
    const c = sent.composed;
    if (c?.change) {
      void onCommitted(c.change, sent.eventId, c.event ?? c.change).catch((err: unknown) =>
        log.error({ err }, 'spot: publishing a book change failed'),
      );
    }
    return sent.outcomes;
  }

  async function feeShard(currency: string): Promise<AccountMeta> {
    const shards = await ledger.platformShards(mode, currency, 'fees');
    return shards[st.grid.id % shards.length] as AccountMeta;
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
    isAgain: (a) => a === AGAIN,
  });

  function kick(): void {
    if (!runner.busy) void runner.run();
    else runner.wake();
  }

  return {
    get grid() {
      return st.grid;
    },
    /** The pair's edited settings, used from the next batch on. */
    setGrid(next: PairGrid) {
      st.grid = next;
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
    resting: (orderId: number) => st.live.get(orderId),
    /** Best bid and ask in ticks (the market maker reads them). */
    best: () => st.book.l2(1),
    load: ensureLoaded,
    /** No new commands; those queued are refused (the lease went: another process owns the book now). */
    stop() {
      stopped = true;
      for (const j of queue.splice(0)) j.resolve(spotErrors.notTradable());
    },
    /** For tests: the book's invariants and its agreement with the orders held. */
    check() {
      st.book.checkInvariants();
    },
    get seq() {
      return st.published.seq;
    },
  };
}
