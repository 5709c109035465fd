/**
 * A transaction whose BEGIN travels with its first statement and whose COMMIT with its last, so a
 * transaction of three statements costs three round trips instead of five. On a machine whose cores
 * the database shares, each round trip wakes both sides; the money path's order batches
 * (trading.batch.ts) pay for every one of them.
 *
 * On PostgreSQL, BEGIN and the first statement go in one write with one Sync behind them, as do
 * the last statement and COMMIT (PipelinedQuery); parameters are bound as usual. Statements in
 * between run on the same connection through `tx`, as usual. A failure anywhere rolls the transaction back. A failing last statement
 * (including its `expect` checks) skips the COMMIT behind it, so nothing of it commits.
 *
 * On PGlite (one connection inside the process: no round trips to save) it is an ordinary
 * transaction with the same checks.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Executor } from './client.ts';
import { type BundlePart, type BundleResult, bundleStatement, driverOf, rawRows, runBundleWithIds } from './raw.ts';
import * as schema from './schema.ts';

type Row = Record<string, unknown>;

/**
 * Thrown when the function failed after its transaction committed: its writes stand, so the caller
 * must not run them again (an order batch must not send its orders down the one-order path).
 */
export class AfterCommitError extends Error {
  constructor(cause: unknown) {
    super('pipelined SQL: failed after the transaction committed', { cause });
  }
}

export interface PipelinedTx {
  /** The transaction's statement between its first and its last (only after `first`). */
  readonly tx: Executor;
  /**
   * A handle for reads the first statement depends on (e.g. a currency's scale): outside the
   * transaction on PostgreSQL, the transaction itself on PGlite, whose one connection it holds.
   */
  readonly outside: Executor;
  /** The transaction's first statement (`name` prepares it on PGlite's path only). */
  first(name: string, text: string, values: readonly unknown[]): Promise<Row[]>;
  /** Its last statement: a bundle (db/raw.ts) whose parts named in `expect` must return that many rows. */
  last(
    parts: readonly BundlePart[],
    idParts: readonly string[],
    expect: Readonly<Record<string, number>>,
  ): Promise<BundleResult>;
}

interface Wire {
  parse(m: { text: string; name?: string; types?: unknown[] }): void;
  bind(m: { statement?: string; portal?: string; values?: readonly unknown[]; valueMapper?: unknown }): void;
  describe(m: { type: 'P' | 'S'; name?: string }): void;
  execute(m?: { portal?: string }): void;
  sync(): void;
}

const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils;

/**
 * One statement with its parameters bound as usual (extended protocol), with `before` and `after`
 * (parameterless: BEGIN, COMMIT) sent in the same write and one Sync behind them all. The server runs
 * them in order and, on an error, skips the rest up to the Sync: a failed statement never reaches
 * the COMMIT behind it. Its results are one per statement, in order (node-postgres's own handling
 * of a message with several statements).
 */
class PipelinedQuery extends (pg.Query as unknown as new (config: object) => { prepare(c: Wire): void }) {
  constructor(
    private readonly statement: { text: string; values: readonly unknown[] },
    private readonly before: readonly string[],
    private readonly after: readonly string[],
    callback: (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void,
  ) {
    super({ text: statement.text, values: [...statement.values], queryMode: 'extended', callback });
  }

  override prepare(c: Wire): void {
    const plain = (text: string) => {
      c.parse({ text });
      c.bind({});
      c.execute();
    };
    for (const text of this.before) plain(text);
    c.parse({ text: this.statement.text });
    c.bind({ values: this.statement.values, valueMapper: prepareValue });
    c.describe({ type: 'P' });
    c.execute();
    for (const text of this.after) plain(text);
    c.sync();
  }
}

/** Sends `statement` with `before` and `after` around it in one round trip; answers each one's result. */
async function pipelined(
  client: pg.PoolClient,
  statement: { text: string; values: readonly unknown[] },
  before: readonly string[],
  after: readonly string[],
): Promise<pg.QueryResult[]> {
  // A submittable is answered through its callback (client.query returns the query itself).
  const res = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
    const query = new PipelinedQuery(statement, before, after, (err, r) => (err ? reject(err) : resolve(r ?? [])));
    client.query(query as unknown as pg.QueryConfig);
  });
  return Array.isArray(res) ? res : [res];
}

/** A Drizzle handle per pooled connection (building one reads the whole schema). */
const handles = new WeakMap<pg.PoolClient, Db>();

function handleFor(client: pg.PoolClient): Db {
  let h = handles.get(client);
  if (!h) {
    h = drizzlePg(client, { schema }) as unknown as Db;
    handles.set(client, h);
  }
  return h;
}

export async function runPipelined<T>(db: Db, fn: (t: PipelinedTx) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!(driver instanceof pg.Pool)) {
    return db.transaction((tx) =>
      fn({
        tx,
        outside: tx,
        first: (name, text, values) => rawRows(tx, name, text, [...values]),
        last: (parts, idParts, expect) => runBundleWithIds(tx, parts, idParts, expect),
      }),
    );
  }
  const client = await driver.connect();
  /** `done` only once a COMMIT answered: a failed one leaves `open`. */
  let state = 'idle' as 'idle' | 'open' | 'done';
  let broken: Error | undefined;
  const t: PipelinedTx = {
    get tx() {
      if (state !== 'open') throw new Error('pipelined SQL: the transaction is not open');
      return handleFor(client);
    },
    outside: db,
    async first(_name, text, values) {
      if (state !== 'idle') throw new Error('pipelined SQL: first statement sent twice');
      state = 'open';
      const res = await pipelined(client, { text, values }, ['begin'], []);
      return (res[1]?.rows ?? []) as Row[];
    },
    async last(parts, idParts, expect) {
      if (state !== 'open') throw new Error('pipelined SQL: the transaction is not open');
      if (parts.length === 0) {
        await client.query('commit');
        state = 'done';
        return { counts: {}, ids: {} };
      }
      const st = bundleStatement(parts, idParts, expect);
      const res = await pipelined(client, st, [], ['commit']);
      state = 'done';
      return st.read((res[0]?.rows[0] ?? {}) as Row);
    },
  };
  try {
    const value = await fn(t);
    if (state === 'open') {
      await client.query('commit');
      state = 'done';
    }
    return value;
  } catch (e) {
    if (state === 'done') throw new AfterCommitError(e);
    // A failed COMMIT has ended the transaction already; ROLLBACK then only warns.
    if (state === 'open') {
      await client.query('rollback').catch((err: Error) => {
        broken = err;
      });
    }
    throw e;
  } finally {
    client.release(broken);
  }
}
