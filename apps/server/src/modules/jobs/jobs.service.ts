/**
 * `createJobs({ database, clock, log, options })`: durable scheduled and one-off jobs (DESIGN §6).
 * Every run is a `job_runs` row keyed (job, period) — written once however many processes try —
 * and delivered by pg-boss, whose SKIP LOCKED fetch hands each delivery to one process and whose
 * retries and expiry bring back what failed or died. All timing comes from the injectable clock;
 * pg-boss keeps only its own retry delays. See README.md.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type CatchUp,
  deliveryPriority,
  duePeriods,
  type Every,
  everyMs,
  periodIndex,
  periodKey,
  periodStart,
} from './jobs.periods.ts';
import { jobsRepository as repo } from './jobs.repository.ts';

export type Role = 'api' | 'feed' | 'engine' | 'jobs';
export const ALL_ROLES: readonly Role[] = ['api', 'feed', 'engine', 'jobs'];

export interface JobContext<D = unknown> {
  job: string;
  /** `job:period`, unique to this run: the idempotency key of whatever the run writes. */
  key: string;
  /** The period's key (`2026-01-03` for a daily job, …) or the one-off's own key. */
  period: string;
  /** The period's start (repeating) or the time asked for (one-off). */
  scheduledFor: Date;
  /** What `runAt` was given (null for repeating jobs). */
  data: D | null;
  /** 1 on the first attempt. */
  attempt: number;
  /**
   * Marks the run done inside the handler's own transaction, so its effects and "done" commit
   * together; throws (rolling that transaction back) when a newer attempt has taken the run over.
   */
  markDone(tx: Executor): Promise<void>;
}

export interface JobDefinition<D = unknown> {
  /** Repeating: one run per period. Absent: one-off runs only, by `runAt`. */
  every?: Every;
  /** After downtime: run only the current period (default), or every missed one in order. */
  catchUp?: CatchUp;
  /** Retries after the first failure (default 3). */
  retryLimit?: number;
  /** First retry after this (default 30 s), doubling with jitter; 0 retries at once. */
  retryDelaySeconds?: number;
  /** A run taking longer fails and is retried (default 15 min; at most 23 h). */
  timeoutMs?: number;
  handler(ctx: JobContext<D>): Promise<void> | void;
}

export interface JobsOptions {
  /** How often a process schedules due periods and works deliveries; 0 never by itself (tests). */
  pollMs: number;
  /** Only a process with the `jobs` role schedules and runs jobs; any process may call `runAt`. */
  roles: readonly Role[];
  /** Missed periods a `catchUp: 'all'` job schedules per pass (the next pass continues). */
  maxCatchUp: number;
  /** pg-boss maintenance (expiring deliveries of dead processes, archiving), seconds; 0 = none. */
  maintenanceSeconds: number;
}

export const DEFAULT_JOBS_OPTIONS: JobsOptions = {
  pollMs: 2_000,
  roles: ALL_ROLES,
  maxCatchUp: 100,
  maintenanceSeconds: 120,
};

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
const silent: Logger = { info() {}, warn() {}, error() {} };

interface Defined extends JobDefinition {
  periodMs: number | null;
}

/** Queued runs are handed to pg-boss again this often, in case a process died between the two. */
const RESEND_EVERY_MS = 60_000;
const BATCH = 100;
const DEFAULT_TIMEOUT_MS = 15 * 60_000;
/** The advisory lock a process holds while it starts pg-boss and creates the queues. */
const START_LOCK = 'openbourse:jobs:start';

export type Jobs = ReturnType<typeof createJobs>;

export function createJobs(deps: {
  database: Pick<Database, 'db' | 'executeSql' | 'url'>;
  clock: Clock;
  log?: Logger;
  options?: Partial<JobsOptions>;
}) {
  const { database, clock } = deps;
  const { db } = database;
  const log = deps.log ?? silent;
  const opts: JobsOptions = { ...DEFAULT_JOBS_OPTIONS, ...deps.options };
  const defs = new Map<string, Defined>();
  /** Per repeating job, the newest period known to be scheduled (saves a query per pass). */
  const scheduledUpTo = new Map<string, number>();

  let boss: PgBoss | null = null;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let lastResendMs = Number.NEGATIVE_INFINITY;

  function defined(name: string): Defined {
    const def = defs.get(name);
    if (!def) throw new Error(`jobs: ${name} is not defined`);
    return def;
  }

  function timeoutOf(def: Defined): number {
    return Math.min(def.timeoutMs ?? DEFAULT_TIMEOUT_MS, 23 * 3_600_000);
  }

  /**
   * Hands a run to pg-boss under the run's delivery id: sending the same id twice is a no-op. Its
   * priority orders a job's deliveries by the time they are for, whichever process sent them and in
   * whatever order (pg-boss fetches by priority, then by when it was sent).
   */
  async function send(b: PgBoss, name: string, queueId: string, scheduledFor: Date | string): Promise<void> {
    const def = defined(name);
    const retryDelay = def.retryDelaySeconds ?? 30;
    await b.send(
      name,
      {},
      {
        id: queueId,
        priority: deliveryPriority(new Date(scheduledFor)),
        // A second in the past by the database's clock: fetchable at once, even by a fetch in the
        // same millisecond (PGlite's clock has millisecond resolution).
        startAfter: '-1 second',
        retryLimit: def.retryLimit ?? 3,
        retryDelay,
        retryBackoff: retryDelay > 0,
        // pg-boss expires a delivery only after our own timeout had its chance.
        expireInSeconds: Math.ceil(timeoutOf(def) / 1000) + 60,
      },
    );
  }

  async function scheduleRepeating(b: PgBoss, name: string, def: Defined, now: Date): Promise<void> {
    const ms = def.periodMs as number;
    const current = periodIndex(now, ms);
    const known = scheduledUpTo.get(name);
    if (known !== undefined && known >= current) return;
    const latest = await repo.latestScheduled(db, name);
    const last = latest ? periodIndex(latest, ms) : null;
    const due = duePeriods(last, current, def.catchUp ?? 'latest', opts.maxCatchUp);
    for (const p of due) {
      const queueId = deliveryId(periodStart(p, ms));
      const inserted = await repo.insertRun(db, {
        job: name,
        periodKey: periodKey(p, def.every as Every),
        state: 'queued',
        scheduledFor: periodStart(p, ms),
        data: null,
        queueId,
        now,
      });
      // Another process scheduled it first: its row and delivery stand, and it schedules the rest,
      // each sent after the one before. Were both to go on, each sending part of the periods, a
      // fetch between their sends could run a later period before an earlier one was sent. The next
      // pass takes over from the newest row if that process died meanwhile.
      if (!inserted) return;
      await send(b, name, queueId, periodStart(p, ms));
    }
    scheduledUpTo.set(name, due.at(-1) ?? last ?? current);
  }

  /** The scheduling pass: due periods, one-offs whose time has come, runs a dead process left. */
  async function tick(): Promise<void> {
    const b = boss;
    if (!b) return;
    const now = clock.now();
    for (const [name, def] of defs) {
      if (def.periodMs !== null) await scheduleRepeating(b, name, def, now);
    }
    const oneOffs = [...defs].filter(([, d]) => d.periodMs === null).map(([n]) => n);
    for (const r of await repo.takeDue(db, oneOffs, now, BATCH)) await send(b, r.job, r.queue_id, r.scheduled_for);
    if (now.getTime() - lastResendMs >= RESEND_EVERY_MS) {
      lastResendMs = now.getTime();
      for (const r of await repo.queued(db, [...defs.keys()], BATCH)) {
        if (r.queueId) await send(b, r.job, r.queueId, r.scheduledFor);
      }
    }
  }

  /** Runs one delivery: claims its run, calls the handler, records the outcome in both places. */
  async function runDelivery(b: PgBoss, name: string, def: Defined, job: PgBoss.JobWithMetadata<object>) {
    const run = await repo.claim(db, job.id, clock.now());
    if (!run) {
      // Done already, or a delivery that is not this run's: nothing to do.
      await b.complete(name, job.id);
      return;
    }
    const attempt = run.attempts;
    const ctx: JobContext = {
      job: name,
      key: `${name}:${run.periodKey}`,
      period: run.periodKey,
      scheduledFor: run.scheduledFor,
      data: run.data,
      attempt,
      async markDone(tx) {
        const ok = await repo.finish(tx, run.id, attempt, { state: 'done', error: null, now: clock.now() });
        if (!ok) throw new Error(`jobs: ${ctx.key} attempt ${attempt} was superseded`);
      },
    };
    let failure: unknown = null;
    try {
      await withTimeout(
        Promise.resolve().then(() => def.handler(ctx)),
        timeoutOf(def),
        ctx.key,
      );
    } catch (err) {
      failure = err;
    }
    const message = failure === null ? null : failure instanceof Error ? failure.message : String(failure);
    const last = job.retryCount >= job.retryLimit;
    const state = message === null ? 'done' : last ? 'failed' : 'retry';
    if (message !== null) {
      log[last ? 'error' : 'warn']({ err: failure, job: name, key: ctx.key, attempt }, `jobs: run ${state}`);
    }
    const now = clock.now();
    if (await repo.finish(db, run.id, attempt, { state, error: message?.slice(0, 2000) ?? null, now })) {
      await (message === null ? b.complete(name, job.id) : b.fail(name, job.id, { message }));
    } else if ((await repo.stateOf(db, run.id)) === 'done') {
      // The handler marked it done in its own (committed) transaction.
      await b.complete(name, job.id);
    }
    // Otherwise a newer attempt took the run over: it moves the delivery on, not this one.
  }

  async function drainQueue(b: PgBoss, name: string, def: Defined): Promise<number> {
    let n = 0;
    while (!stopping) {
      const [job] = await b.fetch<object>(name, { includeMetadata: true, priority: true });
      if (!job) break;
      try {
        await runDelivery(b, name, def, job);
      } catch (err) {
        // The database failed us: the delivery stays active until pg-boss expires and retries it.
        log.error({ err, job: name }, 'jobs: run could not be recorded');
        break;
      }
      n++;
    }
    return n;
  }

  /** The working pass: every job's deliveries, the queues side by side. Returns how many ran. */
  async function work(): Promise<number> {
    const b = boss;
    if (!b) return 0;
    const counts = await Promise.all([...defs].map(([name, def]) => drainQueue(b, name, def)));
    return counts.reduce((a, c) => a + c, 0);
  }

  async function pass(): Promise<number> {
    try {
      await tick();
    } catch (err) {
      log.error({ err }, 'jobs: scheduling failed');
    }
    try {
      return await work();
    } catch (err) {
      log.error({ err }, 'jobs: working failed');
      return 0;
    }
  }

  /** One scheduling and working pass, after any under way (passes never overlap). */
  function runOnce(): Promise<number> {
    const p = chain.then(pass);
    chain = p.catch(() => undefined);
    return p;
  }

  /** The polling loop: one timer or one pass at a time; a kick during a pass runs another after it. */
  let polling = false;
  let kicked = false;
  function schedule(delayMs: number) {
    if (!boss || stopping || opts.pollMs <= 0) return;
    if (polling) {
      kicked = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      polling = true;
      kicked = false;
      void runOnce().finally(() => {
        polling = false;
        schedule(kicked ? 0 : opts.pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    /** Declares a job; every process declares the same ones, before `start`. */
    define<D = unknown>(name: string, def: JobDefinition<D>): void {
      if (boss) throw new Error(`jobs: define ${name} before start`);
      if (defs.has(name)) throw new Error(`jobs: ${name} is defined twice`);
      if (def.catchUp && def.every === undefined) throw new Error(`jobs: ${name} catches up but does not repeat`);
      defs.set(name, { ...(def as JobDefinition), periodMs: def.every === undefined ? null : everyMs(def.every) });
    },

    /**
     * A one-off run of a job (declared without `every`) at `at`, once per key: false when the key
     * was already used. Pass `tx` to schedule it with the business record that calls for it.
     */
    async runAt(name: string, at: Date, o: { key: string; data?: unknown; tx?: Executor }): Promise<boolean> {
      if (defined(name).periodMs !== null) throw new Error(`jobs: ${name} repeats; it has no one-off runs`);
      const now = clock.now();
      const inserted = await repo.insertRun(o.tx ?? db, {
        job: name,
        periodKey: o.key,
        state: 'scheduled',
        scheduledFor: at,
        data: o.data,
        queueId: null,
        now,
      });
      // Due already and committed: run it now rather than at the next poll.
      if (inserted && !o.tx && at <= now && opts.pollMs > 0) schedule(0);
      return inserted;
    },

    /**
     * Forgets runs done more than `keepMs` ago (each job's newest period stays): a job every few
     * seconds writes thousands of rows a day. A run's effects are keyed by their own ids, so a
     * forgotten run is never paid again.
     */
    async sweep(keepMs = 7 * 86_400_000): Promise<number> {
      return repo.sweepDone(db, new Date(clock.now().getTime() - keepMs));
    },

    /** Starts pg-boss (its schema on first start) and the polling, in a process with the jobs role. */
    async start(): Promise<void> {
      if (boss || !opts.roles.includes('jobs')) return;
      const b = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        // Cron is ours (by the injectable clock, keyed per period); maintenance stays pg-boss's.
        schedule: false,
        supervise: opts.maintenanceSeconds > 0,
        ...(opts.maintenanceSeconds > 0 ? { maintenanceIntervalSeconds: opts.maintenanceSeconds } : {}),
      });
      b.on('error', (err) => log.error({ err }, 'jobs: pg-boss failed'));
      try {
        // pg-boss's schema and its queues (a partition each, with foreign keys to the queue table)
        // deadlock when processes create them at once: one process at a time, the others after.
        await exclusively(database.url, async () => {
          await b.start();
          for (const [name, def] of defs) {
            // A repeating job never runs two periods at once, in any process ("singleton": one active
            // delivery per queue); one-offs (auction ends …) run side by side.
            const queue = { name, policy: def.periodMs === null ? 'standard' : 'singleton' } as const;
            await b.createQueue(name, queue);
            await b.updateQueue(name, queue);
          }
        });
      } catch (err) {
        await b.stop({ graceful: false, close: false }).catch(() => undefined);
        throw err;
      }
      boss = b;
      stopping = false;
      // The first pass at once: what was missed while down is caught up right after a restart.
      schedule(0);
    },

    /** Stops polling, waits for the pass under way, stops pg-boss. Safe to call twice. */
    async stop(): Promise<void> {
      const b = boss;
      if (!b) return;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (let c = chain; ; c = chain) {
        await c;
        if (c === chain) break;
      }
      boss = null;
      await b.stop({ graceful: false, close: false });
    },

    tick,
    work,
    runOnce,

    /** The runs of one job (or all), oldest first: the operators' view. */
    runs: (job?: string) => repo.list(db, job),
  };
}

/**
 * Runs `fn` holding the jobs' start-up lock on the PostgreSQL server at `url`: a session advisory
 * lock on a connection of its own (released with it, should the process die), so processes starting
 * together take turns. PGlite (no URL) has one process: nothing to wait for.
 */
async function exclusively(url: string | undefined, fn: () => Promise<void>): Promise<void> {
  if (!url) return fn();
  const conn = new pg.Client({ connectionString: url });
  conn.on('error', () => undefined);
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock(hashtextextended($1, 0))', [START_LOCK]);
    await fn();
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/**
 * A UUIDv7 whose time is the period's start: unique, and in time order where priority and creation
 * time tie (pg-boss fetches by priority, creation time, then id).
 */
function deliveryId(at: Date): string {
  const hex = at.getTime().toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    t.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(t));
}
