/**
 * How a book's writer (spot.writer.ts) runs its batches: one behind another, in arrival order, with
 * up to `depth` of them in flight. A batch's first round trip goes out as soon as the one before has
 * sent its bundle (the book in memory is then that one's); in the database it waits for that one's
 * COMMIT (the book's batch number, spot_books.batch) and fails when that one failed. So the database
 * starts a batch the moment the one before commits, while this process answers that one.
 *
 * A failed batch: its successor fails with it, both end before the book is read again from the
 * database, the failed batch's commands are tried one at a time (so one command's problem stays its
 * own) and the successor's go back to the front of the queue.
 */
import { AfterCommitError } from '../../db/pipeline.ts';

export interface Queued<A> {
  resolve(a: A | Error): void;
}

export interface BatchRunnerOptions<J extends Queued<A>, A> {
  /** Commands waiting, oldest first (the writer pushes, the runner takes). */
  queue: J[];
  /** Batches in flight at once (1: each waits for the one before to end). */
  depth: number;
  maxBatch: number;
  stats: { batches: number; commands: number };
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** One batch's transaction; calls `planned` once its bundle is on its way. */
  write(batch: J[], alone: boolean, planned?: () => void): Promise<(A | Error)[]>;
  ensureLoaded(): Promise<void>;
  /** Reads the book from the database again (after a failure). */
  reload(): Promise<void>;
  stopped(): boolean;
}

/** A batch on its way: `planned` once its bundle is sent (or it ended), `done` once it ended. */
interface Running<J, A> {
  batch: J[];
  planned: Promise<void>;
  done: Promise<(A | Error)[]>;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

export function createBatchRunner<J extends Queued<A>, A>(o: BatchRunnerOptions<J, A>) {
  const { queue, log } = o;
  let busy = false;
  /** Called when a command arrives while a batch is in flight. */
  let arrived: (() => void) | null = null;
  const arrival = () =>
    new Promise<true>((resolve) => {
      arrived = () => resolve(true);
    });

  function start(batch: J[]): Running<J, A> {
    o.stats.batches += 1;
    o.stats.commands += batch.length;
    let markPlanned!: () => void;
    const planned = new Promise<void>((resolve) => {
      markPlanned = resolve;
    });
    const done = o.write(batch, false, () => markPlanned());
    done.then(markPlanned, markPlanned);
    return { batch, planned, done };
  }

  function answer(batch: J[], outcomes: (A | Error)[]): void {
    batch.forEach((j, i) => {
      j.resolve(outcomes[i] ?? new Error('spot: a batch lost a command'));
    });
  }

  /**
   * Answers a batch once it ended, or deals with its failure (and so with its successor `next`,
   * which cannot outlive it). Answers whether `next` was dealt with here.
   */
  async function finish(r: Running<J, A>, next: Running<J, A> | null): Promise<boolean> {
    let outcomes: (A | Error)[];
    try {
      outcomes = await r.done;
    } catch (e) {
      const after = next ? await next.done.then((x) => x, asError) : null;
      if (e instanceof AfterCommitError) {
        // Committed, then failed: the orders stand; the book is read again to be sure.
        log.error({ err: e.cause }, 'spot: a batch failed after its commit');
        for (const j of r.batch) j.resolve(e);
      }
      // A successor that committed (it cannot have, unless this one did) is answered; one that
      // failed goes back in line.
      if (next && !(after instanceof Error)) answer(next.batch, after ?? []);
      const retry = next && after instanceof Error ? next.batch : [];
      await o.reload();
      for (const j of [...retry].reverse()) queue.unshift(j);
      if (e instanceof AfterCommitError) return next !== null;
      if (r.batch.length === 1) {
        (r.batch[0] as J).resolve(asError(e));
        return next !== null;
      }
      // Each command again on its own, ahead of anything that arrived meanwhile.
      log.warn({ err: e, size: r.batch.length }, 'spot: a batch failed; its commands are tried one by one');
      for (const j of [...r.batch].reverse()) queue.unshift(j);
      await runAlone(r.batch.length);
      return next !== null;
    }
    // Its successor's first round trip has been waiting for this COMMIT: that one's bundle goes out
    // before these answers take the process for a millisecond or more.
    if (next) await next.planned;
    answer(r.batch, outcomes);
    return false;
  }

  /** The next `n` queued commands, each in a batch of its own. */
  async function runAlone(n: number): Promise<void> {
    for (let i = 0; i < n && queue.length > 0; i++) {
      const j = queue.shift() as J;
      try {
        // A book that could not be read again (database down) must not be matched against.
        await o.ensureLoaded();
        const [x] = await o.write([j], true);
        j.resolve(x ?? new Error('spot: a batch lost a command'));
      } catch (e) {
        await o.reload();
        j.resolve(asError(e));
      }
    }
  }

  /** Runs batches until the queue is empty (or the writer stopped). */
  async function run(): Promise<void> {
    busy = true;
    /** The batch whose bundle is on its way, not yet answered. */
    let inflight: Running<J, A> | null = null;
    try {
      await o.ensureLoaded();
      while (!o.stopped() && (queue.length > 0 || inflight)) {
        if (inflight && o.depth > 1 && queue.length === 0) {
          // A command that arrives while the batch is in flight starts the next batch behind it.
          const ended = inflight.done.then(
            () => false,
            () => false,
          );
          const next = await Promise.race([ended, arrival()]);
          arrived = null;
          if (next && queue.length > 0) continue;
        }
        if (inflight && (o.depth === 1 || queue.length === 0)) {
          const r: Running<J, A> = inflight;
          inflight = null;
          await finish(r, null);
          continue;
        }
        const next = start(queue.splice(0, o.maxBatch));
        if (inflight) {
          const r: Running<J, A> = inflight;
          inflight = null;
          if (await finish(r, next)) continue;
        }
        await next.planned;
        inflight = next;
      }
    } catch (e) {
      // The book could not be loaded: everything waiting is refused for now.
      log.error({ err: e }, 'spot: loading a book failed');
      for (const j of queue.splice(0)) j.resolve(asError(e));
    } finally {
      if (inflight) await finish(inflight, null).catch((err: unknown) => log.error({ err }, 'spot: a batch failed'));
      busy = false;
    }
  }

  return {
    run,
    /** A command was queued (the writer's kick while running). */
    wake() {
      arrived?.();
    },
    get busy() {
      return busy;
    },
  };
}
