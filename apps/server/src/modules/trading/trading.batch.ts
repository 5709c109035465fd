/**
 * Group commit for market orders (issue: a fast money path). Orders that arrive while a batch's
 * transaction is in flight wait for their writer's next one, and each batch writes all its orders
 * in two round trips, however many they are (db/pipeline.ts):
 *
 *   BEGIN; lock the users' available accounts (ascending ids) and read their balances; insert every
 *     order (a clientOrderId or public id already used leaves its row out) —
 *   then, in memory, decide in arrival order which of the inserted orders fit (margin + fee): the
 *     others are refused with the single path's answer (10011) —
 *   one bundle (db/raw.ts): delete the refused orders' rows, hold the margins, move the fees to the
 *     writer's fee shard and every balance by its net change (ledger.fast.ts), insert the fills,
 *     write the batch's `opened` event, each part checking its own row count; COMMIT.
 *   (A tick priced for the first time is pinned in between: one more round trip, once per tick.)
 *
 * Each writer owns the orders of its share of the users (by available account id), so two batches in
 * flight never lock the same balance row and never wait for each other's commit. An idle writer
 * writes an order at once (a batch of one): batching only ever replaces waiting for its previous
 * transaction. Anything unexpected that refuses a whole batch sends each of its orders down the
 * one-order path instead, so one order's problem stays its own.
 */
import { AfterCommitError, type PipelinedTx } from '../../db/pipeline.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { TradingContext } from './trading.context.ts';
import { RETRIES } from './trading.context.ts';
import { tradingErrors } from './trading.errors.ts';
import type { TradingEvents } from './trading.events.ts';
import { PLATFORM_SHARDS } from '../ledger/ledger.service.ts';
import { USDT } from './trading.pricing.ts';
import { type NewFillRow, type NewOrderRow, type OrderRow, tradingRepository as repo } from './trading.repository.ts';
import { type FastAccounts, openingPostings } from './trading.settlement.ts';

/**
 * A refused insert: the client's idempotency key exists (roll back and answer the first order, or
 * 40016 for a different request), or the random public id was drawn before (draw again).
 */
export class DuplicateClientOrder extends Error {}

/** A batch none of whose orders is written: rolled back, answering each one's refusal. */
class NothingToWrite extends Error {
  constructor(readonly outcomes: (OrderRow | Error)[]) {
    super('trading: nothing in this batch to write');
  }
}

/** A batch's outcomes, in its order, and the publication of its event (after commit). */
interface Written {
  outcomes: (OrderRow | Error)[];
  publish: (() => Promise<void>) | null;
}

/** One market order as the batch writes it, built when its batch's transaction starts. */
export interface BatchOrder {
  row: NewOrderRow & { publicId: number; userId: number; mode: AccountMode };
  marginMinor: bigint;
  feeMinor: bigint;
  fast: FastAccounts;
  tickId: number;
  /** The opening fill, but for the order's id. */
  fill: Omit<NewFillRow, 'orderId'>;
  /** The price as the push shows it. */
  pushPrice: string | null;
}

interface Job {
  build(now: Date): BatchOrder;
  resolve(row: OrderRow): void;
  reject(error: unknown): void;
  /** The one-order path, when the batch as a whole failed. */
  alone(): Promise<OrderRow>;
}

/** Most orders one transaction writes (bounded: the statements' parameters grow with it). */
export const MAX_BATCH = 64;

/**
 * Batches in flight at once per process. Writer w takes the orders whose available account id is w
 * modulo W, so no two writers' batches share a user's balance row; and it credits fees to shards of
 * its own (shard w, w + W, …, one per batch in turn), so they never queue on a platform row either.
 * One: measured on 2 cores (bench/money-path.bench.ts, 64 clients), one writer's batches of ~32
 * orders sustained 0.57–0.69× pgbench -N where two writers' batches of ~16 sustained 0.50–0.52×
 * (each batch costs two round trips whatever its size); more processes add writers.
 */
export const WRITERS = 1;

export type OrderBatcher = ReturnType<typeof createOrderBatcher>;

export function createOrderBatcher(ctx: TradingContext, { batchPart }: Pick<TradingEvents, 'batchPart'>) {
  const { clock, ledger, market } = ctx;
  /** Writer w's queue: the orders whose available account id is w modulo WRITERS. */
  const queues: Job[][] = Array.from({ length: WRITERS }, () => []);
  const busy = Array.from({ length: WRITERS }, () => false);
  let batches = 0;
  let orders = 0;

  /** The fee shard of writer `slot`'s next batch. */
  const feeTurns = Array.from({ length: WRITERS }, () => 0);
  function feeShard(slot: number): number {
    const turn = feeTurns[slot]!++;
    return slot + WRITERS * (turn % Math.floor(PLATFORM_SHARDS / WRITERS));
  }

  /**
   * Each order's outcome in arrival order, from the locked balances: its stored row if it was
   * inserted and fits (margin + fee, counted against its user's balance from then on), the single
   * path's refusal if it does not fit, DuplicateClientOrder if its insert was left out.
   */
  function decide(
    built: readonly BatchOrder[],
    stored: readonly OrderRow[],
    balances: Map<number, bigint>,
  ): (OrderRow | Error)[] {
    const byPublicId = new Map(stored.map((r) => [r.publicId, r]));
    return built.map((order) => {
      const row = byPublicId.get(order.row.publicId);
      if (!row) return new DuplicateClientOrder();
      const account = order.fast.user.available.id;
      const have = balances.get(account) ?? 0n;
      const cost = order.marginMinor + order.feeMinor;
      if (have < cost) return tradingErrors.insufficientMargin();
      balances.set(account, have - cost);
      return row;
    });
  }

  /**
   * The batch's last statement: deletes the refused orders' rows, then holds, fees, balances, fills
   * and the batch's event, each checking its own count, and COMMIT.
   */
  async function finish(
    t: PipelinedTx,
    built: readonly BatchOrder[],
    outcomes: readonly (OrderRow | Error)[],
    stored: readonly OrderRow[],
    shard: number,
  ): Promise<Written> {
    const admitted: { order: BatchOrder; row: OrderRow }[] = [];
    built.forEach((order, i) => {
      const o = outcomes[i];
      if (o && !(o instanceof Error)) admitted.push({ order, row: o });
    });
    const kept = new Set(admitted.map((a) => a.row.id));
    const refused = stored.filter((r) => !kept.has(r.id)).map((r) => r.id);
    if (admitted.length === 0) {
      // Nothing to write: the refused rows go with the rollback.
      throw new NothingToWrite([...outcomes]);
    }
    // Ascending, as every batch pins them: two writers pinning the same fresh ticks queue, never deadlock.
    const ticks = [...new Set(admitted.map((a) => a.order.tickId))].sort((a, b) => a - b);
    for (const tickId of ticks) await market.pinTick(t.tx, tickId);
    const postings = admitted.map((a) =>
      openingPostings(a.row, a.order.marginMinor, a.order.feeMinor, a.order.fast, shard),
    );
    const fresh = await ledger.freshParts(t.tx, {
      currency: USDT,
      holds: postings.flatMap((p) => p.holds),
      transfers: postings.flatMap((p) => p.transfers),
    });
    const event = batchPart(
      'opened',
      admitted.map((a) => ({
        row: a.row,
        event: 'opened' as const,
        fill: { reason: 'market', price: a.order.pushPrice, tickId: a.order.tickId },
      })),
    );
    // The last statement, checked in itself: a shortfall (a balance that moved since the lock), a
    // fill or the event not written fails it, and the COMMIT behind it with it. Nothing below
    // may throw: the batch has committed.
    const { ids } = await t.last(
      [
        ...(refused.length > 0 ? [repo.deleteOrdersPart('refused', refused)] : []),
        ...fresh.parts,
        repo.fillsPart(
          'fills',
          admitted.map((a) => ({ ...a.order.fill, orderId: a.row.id })),
        ),
        event.part,
      ],
      ['opened'],
      {
        ...(refused.length > 0 ? { refused: refused.length } : {}),
        ...fresh.expect,
        fills: admitted.length,
        opened: 1,
      },
    );
    const eventId = ids.opened?.[0];
    return { outcomes: [...outcomes], publish: eventId === undefined ? null : () => event.publish(eventId) };
  }

  /** Lock and insert (one round trip with BEGIN), decide, finish (one round trip with COMMIT). */
  async function writeBatch(batch: Job[], shard: number): Promise<Written> {
    try {
      return await ledger.runPipelined(
        async (t) => {
          const now = clock.now();
          const built = batch.map((j) => j.build(now));
          const lock = await ledger.balanceLock(
            t.outside,
            USDT,
            built.map((o) => o.fast.user.available),
          );
          const insert = repo.insertOrdersStatement(built.map((o) => o.row));
          const [locked = [], inserted = []] = await t.first([lock.statement, insert]);
          const stored = insert.read(inserted);
          return finish(t, built, decide(built, stored, lock.read(locked)), stored, shard);
        },
        { retries: RETRIES },
      );
    } catch (e) {
      if (e instanceof NothingToWrite) return { outcomes: e.outcomes, publish: null };
      throw e;
    }
  }

  /** Writes the batch and, once it has committed, publishes its event. */
  async function write(batch: Job[], slot: number): Promise<(OrderRow | Error)[]> {
    const shard = feeShard(slot);
    const written = await writeBatch(batch, shard);
    // Before the answers: a client that hears its order placed may already be sent its push.
    await written.publish?.();
    return written.outcomes;
  }

  /** Writer `slot` runs until its queue is empty. */
  async function writer(slot: number): Promise<void> {
    const queue = queues[slot] as Job[];
    busy[slot] = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        batches += 1;
        orders += batch.length;
        let outcomes: (OrderRow | Error)[];
        try {
          outcomes = await write(batch, slot);
        } catch (e) {
          // Committed, then failed: the orders stand and must not be placed again.
          if (e instanceof AfterCommitError) for (const j of batch) j.reject(e);
          else for (const j of batch) j.alone().then(j.resolve, j.reject);
          continue;
        }
        batch.forEach((j, i) => {
          const o = outcomes[i];
          if (o instanceof Error) j.reject(o);
          else if (o) j.resolve(o);
          else j.reject(new Error('trading: batch lost an order'));
        });
      }
    } finally {
      busy[slot] = false;
    }
  }

  return {
    /** Writes the order with its writer's next batch (by the user's available account id); answers its row, or the refusal the one-order path would give. */
    place(accountId: number, build: Job['build'], alone: Job['alone']): Promise<OrderRow> {
      return new Promise<OrderRow>((resolve, reject) => {
        const slot = accountId % WRITERS;
        (queues[slot] as Job[]).push({ build, alone, resolve, reject });
        if (!busy[slot]) void writer(slot);
      });
    },

    /** Batches written and orders in them, since start (the benchmark prints the mean size). */
    stats: () => ({ batches, orders }),
  };
}
