import pg from 'pg';

/**
 * One owner at a time for each stream that must have a single writer (the market feed, the
 * trigger runner, later each order book), chosen by a lease.
 *
 * On PostgreSQL a lease is a session advisory lock held on a connection of its own: the process
 * that takes `pg_try_advisory_lock` owns the stream for as long as that connection lives. When
 * the owner dies (even by SIGKILL) the server sees its socket close and releases the lock; the
 * others try every `retryMs` and one of them takes over. The owner checks its connection on the
 * same beat and gives up its roles (`lost`) as soon as the connection fails, so two owners can
 * overlap at most by one beat plus the time the server takes to notice a dead client (with TCP
 * keep-alive on).
 *
 * Without a database URL (the embedded database: one process) every lease is taken at start.
 */
export interface LeaseHolder {
  /** This process now owns the stream: start it. The lease counts as held once this resolves. */
  acquired(): Promise<void>;
  /** Ownership ended (stop, or the lease's connection was lost): stop writing to the stream. */
  lost(): Promise<void>;
}

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Leases {
  /** Registers a lease before `start`; leases are tried in the order they are added. */
  add(name: string, holder: LeaseHolder): void;
  /** Takes what it can now (awaited), then keeps trying every `retryMs`. */
  start(): Promise<void>;
  /** Gives up every lease held (their `lost` first, in reverse order) and stops trying. */
  stop(): Promise<void>;
  held(name: string): boolean;
  readonly kind: 'local' | 'postgres';
}

interface Entry {
  name: string;
  holder: LeaseHolder;
  held: boolean;
}

export const DEFAULT_LEASE_RETRY_MS = 1000;

export function createLeases(opts: {
  /** postgres://… of the database whose advisory locks are the leases; absent → one process. */
  url?: string | undefined;
  retryMs?: number;
  log: LeaseLog;
}): Leases {
  const entries: Entry[] = [];
  const find = (name: string) => entries.find((e) => e.name === name);
  const add = (name: string, holder: LeaseHolder) => {
    if (find(name)) throw new Error(`lease ${name} added twice`);
    entries.push({ name, holder, held: false });
  };
  const held = (name: string) => find(name)?.held ?? false;

  async function release(e: Entry) {
    e.held = false;
    try {
      await e.holder.lost();
    } catch (err) {
      opts.log.error({ err, lease: e.name }, 'lease: stopping its work failed');
    }
  }

  if (!opts.url) {
    return {
      kind: 'local',
      add,
      held,
      async start() {
        for (const e of entries) {
          if (e.held) continue;
          await e.holder.acquired();
          e.held = true;
        }
      },
      async stop() {
        for (const e of [...entries].reverse()) if (e.held) await release(e);
      },
    };
  }

  const url = opts.url;
  const retryMs = opts.retryMs ?? DEFAULT_LEASE_RETRY_MS;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // Rounds, losses and the stop run one after another, never interleaved.
  let chain: Promise<void> = Promise.resolve();
  const serial = (fn: () => Promise<void>) => {
    chain = chain.then(fn, fn);
    return chain;
  };

  async function loseAll(reason: unknown) {
    const c = client;
    client = null;
    c?.removeAllListeners('error');
    c?.on('error', () => undefined);
    await c?.end().catch(() => undefined);
    const wasHeld = entries.filter((e) => e.held);
    if (wasHeld.length > 0) {
      opts.log.warn(
        { err: reason instanceof Error ? reason.message : String(reason), leases: wasHeld.map((e) => e.name) },
        'lease: connection lost, giving up what it held',
      );
    }
    for (const e of wasHeld.reverse()) await release(e);
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'openbourse-lease' });
    c.on('error', (err) => void serial(() => (client === c ? loseAll(err) : Promise.resolve())));
    c.on('end', () => void serial(() => (client === c ? loseAll(new Error('connection ended')) : Promise.resolve())));
    await c.connect();
    return c;
  }

  async function round() {
    if (stopped) return;
    try {
      client ??= await connect();
      const c = client;
      // The connection that holds the locks answers: what we hold is still ours.
      await c.query('select 1');
      for (const e of entries) {
        if (e.held || stopped) continue;
        const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [
          `openbourse:lease:${e.name}`,
        ]);
        if (!res.rows[0]?.ok) continue;
        try {
          await e.holder.acquired();
          e.held = true;
          opts.log.info({ lease: e.name }, 'lease: taken');
        } catch (err) {
          opts.log.error({ err, lease: e.name }, 'lease: starting its work failed; letting it go');
          await e.holder.lost().catch(() => undefined);
          await c.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`openbourse:lease:${e.name}`]);
        }
      }
    } catch (err) {
      await loseAll(err);
    }
  }

  return {
    kind: 'postgres',
    add,
    held,
    async start() {
      stopped = false;
      await serial(round);
      timer = setInterval(() => void serial(round), retryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await serial(async () => {
        for (const e of [...entries].reverse()) if (e.held) await release(e);
        const c = client;
        client = null;
        // Closing the connection releases every advisory lock it holds.
        c?.removeAllListeners('end');
        await c?.end().catch(() => undefined);
      });
    },
  };
}
