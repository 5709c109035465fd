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
  /** An outcome that is no answer: the command goes back to the front of the queue (spot.expect.ts). */
  isAgain?(a: A | Error): boolean;
}

/** A batch on its way: `planned` once its bundle is sent (or it ended), `done` once it ended. */
interface Running<J, A> {
  batch: J[];
  planned: Promise<void>;
  done: Promise<(A | Error)[]>;
  /** Resolves when `done` settles, either way. */
  ended: Promise<void>;
  isPlanned: boolean;
  isEnded: boolean;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

export function createBatchRunner<J extends Queued<A>, A>(o: BatchRunnerOptions<J, A>) {
  const { queue, log } = o;
  let busy = false;
  /** Called when a command arrives while batches are in flight. */
  let arrived: (() => void) | null = null;
  const arrival = () =>
    new Promise<void>((resolve) => {
      arrived = resolve;
    });

  function start(batch: J[]): Running<J, A> {
    o.stats.batches += 1;
    o.stats.commands += batch.length;
    let markPlanned!: () => void;
    const planned = new Promise<void>((resolve) => {
      markPlanned = resolve;
    });
    const r = { batch, planned, isPlanned: false, isEnded: false } as Running<J, A>;
    r.done = o.write(batch, false, () => markPlanned());
    r.ended = r.done.then(
      () => undefined,
      () => undefined,
    );
    void r.ended.then(() => {
      r.isEnded = true;
      markPlanned();
    });
    void planned.then(() => {
      r.isPlanned = true;
    });
    return r;
  }

  function answer(batch: J[], outcomes: (A | Error)[]): void {
    const again: J[] = [];
    batch.forEach((j, i) => {
      const x = outcomes[i];
      if (x !== undefined && o.isAgain?.(x)) again.push(j);
      else j.resolve(x ?? new Error('spot: a batch lost a command'));
    });
    for (const j of again.reverse()) queue.unshift(j);
  }

  /**
   * Answers a batch that ended, or deals with its failure: its successors (`after`, which wait for
   * it and fail with it) end first, their commands go back to the front of the queue, the book is
   * read again, and the failed batch's commands are tried one by one. Answers whether it failed.
   */
  async function finish(r: Running<J, A>, after: readonly Running<J, A>[]): Promise<boolean> {
    let outcomes: (A | Error)[];
    try {
      outcomes = await r.done;
    } catch (e) {
      const later = await Promise.all(after.map((x) => x.done.then((v) => v, asError)));
      if (e instanceof AfterCommitError) {
        // Committed, then failed: the orders stand; the book is read again to be sure.
        log.error({ err: e.cause }, 'spot: a batch failed after its commit');
        for (const j of r.batch) j.resolve(e);
      }
      // A successor that committed (it cannot have, unless this one did) is answered; one that
      // failed goes back in line.
      const retry: J[] = [];
      after.forEach((x, i) => {
        const v = later[i];
        if (v instanceof Error) retry.push(...x.batch);
        else answer(x.batch, v ?? []);
      });
      await o.reload();
      for (const j of [...retry].reverse()) queue.unshift(j);
      if (e instanceof AfterCommitError) return true;
      // Each command again on its own (one alone too: its batch may have failed on what the writer
      // expected rather than on the command), ahead of anything that arrived meanwhile.
      log.warn({ err: e, size: r.batch.length }, 'spot: a batch failed; its commands are tried one by one');
      for (const j of [...r.batch].reverse()) queue.unshift(j);
      await runAlone(r.batch.length);
      return true;
    }
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

  /**
   * Runs batches until the queue is empty (or the writer stopped): answers the oldest as soon as it
   * ended; starts the next once the newest has sent its bundle, while fewer than `depth` are in flight.
   */
  async function run(): Promise<void> {
    busy = true;
    /** Batches on their way, oldest first. */
    const running: Running<J, A>[] = [];
    try {
      await o.ensureLoaded();
      while (!o.stopped() && (queue.length > 0 || running.length > 0)) {
        const oldest = running[0];
        if (oldest?.isEnded) {
          running.shift();
          if (await finish(oldest, running)) running.length = 0;
          continue;
        }
        const newest = running.at(-1);
        const room = running.length < o.depth && (!newest || newest.isPlanned);
        if (room && queue.length > 0) {
          running.push(start(queue.splice(0, o.maxBatch)));
          continue;
        }
        const waits: Promise<void>[] = [];
        if (oldest) waits.push(oldest.ended);
        if (newest && !newest.isPlanned) waits.push(newest.planned);
        if (room) waits.push(arrival());
        await Promise.race(waits);
        arrived = null;
      }
    } catch (e) {
      // The book could not be loaded: everything waiting is refused for now.
      log.error({ err: e }, 'spot: loading a book failed');
      for (const j of queue.splice(0)) j.resolve(asError(e));
    } finally {
      while (running.length > 0) {
        const r = running.shift() as Running<J, A>;
        await r.ended;
        if (await finish(r, running).catch(() => true)) running.length = 0;
      }
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
