/**
 * The two ways a book's batch (spot.writer.ts) travels to the database.
 *
 * - In two round trips (`inTwo`), when the writer must read first: BEGIN; lock the batch's slot
 *   (spot_book_chain); read the submitters' balances (spot.balances.ts) and everyone's discounts;
 *   insert the orders that carry a clientOrderId — then, in memory, the batch is matched
 *   (spot.plan.ts) — then the wait for the batch before to commit, the bundle (spot.compose.ts) and
 *   COMMIT.
 * - As one write (`whole`), when the writer knows every submitter's balance and discount
 *   (spot.expect.ts): matched first, then BEGIN, the slot's lock and check, the wait, the bundle with
 *   a part that checks the discounts it used, and COMMIT, all sent at once.
 *
 * Either way batch n + 1 finds batch n's slot locked only if n's first statements ran before n + 1's
 * wait: each batch sends its wait only once the batch before has its head answered (`chain`).
 */
import type { OrderBook } from '@openbourse/engine';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { BundlePart } from '../../db/raw.ts';
import type { AccountMeta } from '../ledger/ledger.service.ts';
import { balanceReads, type InFlight } from './spot.balances.ts';
import { newOrder } from './spot.bundle.ts';
import { type Composed, composeBatch, discountGuard, type Published } from './spot.compose.ts';
import type { SpotContext } from './spot.context.ts';
import type { Expectations } from './spot.expect.ts';
import type { PairGrid } from './spot.grid.ts';
import { BatchPlan, type LiveOrder } from './spot.plan.ts';
import { spotRepository as repo } from './spot.repository.ts';
import type { Answer, Job, SubmitJob } from './spot.writer.ts';

/**
 * The outcome of an order refused for want of balance on an expected balance: no answer, the
 * command is queued again and admitted against a balance read under lock.
 */
export const AGAIN = new Error('spot: to be admitted against a balance read');

/** A writer's book as its batches see it (the writer replaces `book` and `live` on a reload). */
export interface BookState {
  grid: PairGrid;
  mode: 'real' | 'demo';
  book: OrderBook;
  live: Map<number, LiveOrder>;
  bookSeq: number;
  published: Published;
  /** Batches sent whose COMMIT has not been seen, oldest first (spot.balances.ts). */
  inFlight: InFlight[];
  expected: Expectations;
}

/** One batch on its way. */
export interface Batch {
  jobs: Job[];
  submits: SubmitJob[];
  no: number;
  fees: { base: AccountMeta; quote: AccountMeta };
  /** Answered when the batch before has its head answered (or ended). */
  before: Promise<void>;
  /** This batch's head ran (its slot is locked). */
  headRan(): void;
  /** The bundle is on its way: the next batch may be matched against the book. */
  planned?: () => void;
  lap(key: 'beforeMs' | 'firstMs' | 'planMs' | 'lastMs'): void;
}

export interface Sent {
  outcomes: Answer[];
  eventId: number | null;
  composed: Composed | null;
}

const refusedForBalance = (r: Answer) => r instanceof AppError && r.code === ErrorCode.BalanceInsufficientRecharge;

export function batchPaths(ctx: SpotContext, s: BookState) {
  const { clock, ledger, db } = ctx;
  const nextBookSeq = () => ++s.bookSeq;

  function compose(plan: BatchPlan, now: Date, late: Map<number, SubmitJob>, refused: number[], exec = db) {
    return composeBatch(ctx, {
      grid: s.grid,
      mode: s.mode,
      book: s.book,
      plan,
      now,
      late,
      refused,
      exec,
      published: s.published,
    });
  }

  /**
   * In two round trips. A new order's row is written once, in the state the batch leaves it in,
   * with the batch's other writes; one with a clientOrderId, or any order of a command retried
   * `alone`, is inserted first (with the balance locks), so that a clientOrderId or random public id
   * already taken is answered as a duplicate before the book sees it. A late insert that meets a
   * taken one fails its batch, whose commands are then tried alone.
   */
  async function inTwo(b: Batch, alone: boolean): Promise<Sent> {
    const { grid, mode } = s;
    const { submits, no } = b;
    // The VIP discounts of everyone who may trade in this batch (levels change once a day), read in
    // the transaction's first round trip (no levels module wired: no discounts).
    const traders = new Set<number>();
    for (const j of submits) traders.add(j.order.userId);
    for (const o of s.live.values()) traders.add(o.userId);
    const discountRead = ctx.discountsStatement && traders.size > 0 ? ctx.discountsStatement([...traders]) : null;
    let discounts = new Map<number, number>();
    const ids = ctx.takeOrderIds(submits.length) ?? (await ctx.nextOrderIds(db, submits.length));
    const idOf = new Map(submits.map((j, i) => [j, ids[i] as number]));
    const early = submits.filter((j) => alone || j.row.clientOrderId !== null);
    const earlyIds = new Set(early.map((j) => idOf.get(j) as number));
    const slot = repo.slotStatement(grid.id, mode, no);
    const link = repo.chainStatement(grid.id, mode, no);
    /** The batches before this one whose COMMIT has not been seen yet, as they stand now. */
    const before = s.inFlight.slice();
    b.lap('beforeMs');
    return ledger.runPipelined(async (t) => {
      const now = clock.now();
      const buys = submits.filter((j) => j.order.side === 'buy').map((j) => j.order.accounts.quote.available);
      const sells = submits.filter((j) => j.order.side === 'sell').map((j) => j.order.accounts.base.available);
      const ownersAtRead = s.expected.ownersOf([...buys, ...sells].map((a) => a.id));
      const reads = await balanceReads(ledger, t.outside, grid, mode, buys, sells, before);
      const insert = early.length
        ? repo.insertOrdersStatement(early.map((j) => ({ ...j.row, id: idOf.get(j), createdAt: now, updatedAt: now })))
        : null;
      const statements = [slot, ...reads.statements, insert, discountRead].filter((x) => x !== undefined && x !== null);
      const rows = await t.first(statements as never);
      b.headRan();
      b.lap('firstMs');
      // The slot holds the number of an earlier batch (CHAIN_SLOTS before), or another process wrote the book.
      if (Number(rows[0]?.[0]?.batch) >= no) throw new Error('spot: the book was written elsewhere');
      const balances = reads.read(rows.slice(1));
      const start = new Map(balances);
      let k = 1 + reads.statements.length;
      const stored = insert ? insert.read(rows[k++] ?? []) : [];
      if (discountRead) discounts = discountRead.read(rows[k++] ?? []);
      s.expected.discountsRead(traders, discounts);
      const byPublic = new Map(stored.map((r) => [r.publicId, r]));
      const plan = new BatchPlan(grid, s.book, s.live, balances, b.fees, now, nextBookSeq, discounts);
      const late = new Map<number, SubmitJob>();
      const outcomes = b.jobs.map((j): Answer => {
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
        s.expected.planned(start, new Map(), ownersAtRead);
        await b.before;
        const ending = t.last([], [], {}, link);
        b.planned?.();
        await ending;
        return { outcomes, eventId: null, composed: null };
      }
      const composed = await compose(plan, now, late, refused, t.outside);
      // The book in memory is this batch's: the next batch may be matched against it now, and reads
      // what this one changes as this one will leave it (spot.balances.ts).
      s.inFlight.push({ no, deltas: composed.deltas });
      s.expected.planned(start, composed.deltas, ownersAtRead);
      b.lap('planMs');
      await b.before;
      const sending = t.last(composed.parts, composed.idParts, composed.expect, link);
      b.planned?.();
      const res = await sending;
      b.lap('lastMs');
      return { outcomes, eventId: res.ids.event?.[0] ?? null, composed };
    });
  }

  /**
   * As one write, against the balances expected (`known`) and the discounts known: an order refused
   * for want of balance there is queued again (`AGAIN`) to be admitted against a read.
   */
  async function whole(b: Batch, known: ReadonlyMap<number, bigint>, ids: readonly number[]): Promise<Sent> {
    const { grid, mode } = s;
    const head = repo.slotCheckStatement(grid.id, mode, b.no);
    const link = repo.chainStatement(grid.id, mode, b.no);
    b.lap('beforeMs');
    return ledger.runPipelined(async (t) => {
      const now = clock.now();
      const discounts = s.expected.discounts;
      const plan = new BatchPlan(grid, s.book, s.live, new Map(known), b.fees, now, nextBookSeq, discounts);
      const late = new Map<number, SubmitJob>();
      let k = 0;
      const outcomes = b.jobs.map((j): Answer => {
        if (j.kind === 'cancel') return plan.cancel(j.orderId);
        const id = ids[k++] as number;
        late.set(id, j);
        const r = plan.submit(newOrder(j, id, j.row.publicId, j.row.orderNo, now));
        if (!refusedForBalance(r)) return r;
        j.verify = true;
        return AGAIN;
      });
      let composed: Composed | null = null;
      let parts: BundlePart[] = [];
      let expect: Record<string, number> = {};
      if (plan.touched.size > 0) {
        composed = await compose(plan, now, late, [], t.outside);
        parts = composed.parts;
        expect = composed.expect;
        const guard = discountGuard(ctx, discounts, plan.users);
        if (guard) {
          parts = [...parts, guard.part];
          expect = { ...expect, [guard.part.name]: guard.rows };
        }
      }
      const deltas = composed?.deltas ?? new Map<number, bigint>();
      s.inFlight.push({ no: b.no, deltas });
      s.expected.planned(known, deltas, null);
      b.lap('planMs');
      await b.before;
      const sending = t.only([head], { parts, idParts: composed?.idParts ?? [], expect, wait: link }, () =>
        b.headRan(),
      );
      // The next batch is matched against the book as this one leaves it (and waits for its head).
      b.planned?.();
      const res = await sending;
      b.lap('lastMs');
      return { outcomes, eventId: res.ids.event?.[0] ?? null, composed };
    });
  }

  return { inTwo, whole };
}
