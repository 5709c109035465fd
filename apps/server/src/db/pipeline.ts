/**
 * A transaction whose BEGIN travels with its first statements and whose COMMIT with its last, so a
 * transaction of three statements costs two round trips instead of five. On a machine whose cores
 * the database shares, each round trip wakes both sides; the money path's order batches
 * (trading.batch.ts) pay for every one of them.
 *
 * On PostgreSQL, BEGIN and the first statements go in one write with one Sync behind them, as do
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
  /** The transaction's first statements, sent with its BEGIN; answers each one's rows. */
  first(statements: readonly Statement[]): Promise<Row[][]>;
  /**
   * Its last statement: a bundle (db/raw.ts) whose parts named in `expect` must return that many
   * rows, then COMMIT. With `wait` (a statement that waits for an earlier transaction and fails
   * unless it committed), the round trip carries the parts not marked `behind` as one bundle, then
   * `wait`, then the `behind` parts as another bundle — each statement with its own snapshot, so the
   * second sees what the earlier transaction committed, while the first ran beside it; a failure
   * anywhere skips the rest and the COMMIT.
   */
  last(
    parts: readonly BundlePart[],
    idParts: readonly string[],
    expect: Readonly<Record<string, number>>,
    wait?: Statement,
  ): Promise<BundleResult>;
  /**
   * The whole transaction in one write, for a caller that needs nothing read first: BEGIN and
   * `head` (answered by `headRan` as soon as they ran, before the rest has: e.g. a lock the next
   * transaction must find taken), then what `last` sends, and COMMIT. A failure in `head` fails the
   * rest. Instead of `first` and `last`.
   */
  only(
    head: readonly Statement[],
    last: {
      parts: readonly BundlePart[];
      idParts: readonly string[];
      expect: Readonly<Record<string, number>>;
      wait?: Statement;
    },
    headRan: (rows: Row[][]) => void,
  ): Promise<BundleResult>;
}

interface Wire {
  parse(m: { text: string; name?: string; types?: unknown[] }): void;
  bind(m: { statement?: string; portal?: string; values?: readonly unknown[]; valueMapper?: unknown }): void;
  describe(m: { type: 'P' | 'S'; name?: string }): void;
  execute(m?: { portal?: string }): void;
  sync(): void;
  /** node-postgres's record of the statements prepared on this connection, by name. */
  parsedStatements: Record<string, string>;
}

/** One statement of a pipeline: `name` prepares it once per connection (as `rawRows` does). */
export interface Statement {
  name?: string;
  text: string;
  values: readonly unknown[];
}

const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils;

/**
 * Statements bound as usual (extended protocol), all in one write with one Sync behind them. The
 * server runs them in order and, on an error, skips the rest up to the Sync: a failed statement
 * never reaches the COMMIT behind it. The results are one per statement, in order (node-postgres's
 * own handling of a message with several statements).
 */
class PipelinedQuery extends (pg.Query as unknown as new (config: object) => { prepare(c: Wire): void }) {
  /** With a second section (`pipelinedTwice`): a Sync after this many statements too. */
  split = 0;

  constructor(
    private readonly statements: readonly Statement[],
    callback: (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void,
  ) {
    super({ text: statements[0]?.text ?? '', values: [], queryMode: 'extended', callback });
  }

  override prepare(c: Wire): void {
    this.statements.forEach((st, i) => {
      if (i > 0 && i === this.split) c.sync();
      if (!st.name || c.parsedStatements[st.name] === undefined) {
        c.parse({ text: st.text, name: st.name });
        // Known from now on; if the pipeline fails the connection is dropped (runPipelined).
        if (st.name) c.parsedStatements[st.name] = st.text;
      } else if (c.parsedStatements[st.name] !== st.text) {
        throw new Error(`pipelined SQL: statement ${st.name} was prepared with another text`);
      }
      c.bind({ statement: st.name, values: st.values, valueMapper: prepareValue });
      c.describe({ type: 'P' });
      c.execute();
    });
    c.sync();
  }
}

/**
 * The statements behind the first Sync of a write that carries two (`pipelinedTwice`): they are on
 * the wire already, so this query writes nothing when node-postgres makes it the active one (at the
 * first ReadyForQuery) and only reads their answers.
 */
class ReceivingQuery extends (pg.Query as unknown as new (config: object) => object) {
  constructor(callback: (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void) {
    super({ text: 'pipelined', values: [], queryMode: 'extended', callback });
  }

  submit(): null {
    return null;
  }
}

function rowsOf(res: pg.QueryResult | pg.QueryResult[] | undefined, n: number): Row[][] {
  const results = Array.isArray(res) ? res : res ? [res] : [];
  if (results.length !== n) throw new Error(`pipelined SQL: ${results.length} results for ${n} statements`);
  return results.map((r) => r.rows as Row[]);
}

/**
 * `first` then `then` in one write, each section with its Sync: the server answers the first
 * section (`firstRan`, which must not throw) as soon as it ran, then runs the second. An error in the first leaves the
 * transaction aborted, so the second fails too (and its COMMIT does not happen).
 */
async function pipelinedTwice(
  client: pg.PoolClient,
  first: readonly Statement[],
  then: readonly Statement[],
  firstRan: (rows: Row[][]) => void,
): Promise<Row[][]> {
  let headError: Error | null = null;
  const tail = new Promise<Row[][]>((resolve, reject) => {
    const head = new PipelinedQuery([...first, ...then], (err, r) => {
      if (err) {
        headError = err;
        return;
      }
      // The second section runs (and may commit) whatever is done here: `firstRan` must not throw.
      const results = Array.isArray(r) ? r : r ? [r] : [];
      firstRan(results.map((x) => x.rows as Row[]));
    });
    head.split = first.length;
    const rest = new ReceivingQuery((err, r) => {
      if (headError) return reject(headError);
      if (err) return reject(err);
      try {
        resolve(rowsOf(r, then.length));
      } catch (e) {
        reject(e);
      }
    });
    // Queued behind the first: node-postgres makes it the active query at the first ReadyForQuery.
    client.query(head as unknown as pg.QueryConfig);
    client.query(rest as unknown as pg.QueryConfig);
  });
  return tail;
}

/** Sends `statements` in one round trip; answers each one's rows, in order. */
async function pipelined(client: pg.PoolClient, statements: readonly Statement[]): Promise<Row[][]> {
  // A submittable is answered through its callback (client.query returns the query itself).
  const res = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
    const query = new PipelinedQuery(statements, (err, r) => (err ? reject(err) : resolve(r ?? [])));
    client.query(query as unknown as pg.QueryConfig);
  });
  const results = Array.isArray(res) ? res : [res];
  if (results.length !== statements.length) {
    throw new Error(`pipelined SQL: ${results.length} results for ${statements.length} statements`);
  }
  return results.map((r) => r.rows as Row[]);
}

const BEGIN: Statement = { text: 'begin', values: [] };
/**
 * A batch's statements are keyed writes: they join the rows of a batch (`unnest` of its arrays) to
 * tables by their keys. Their plans are cached per connection (prepared statements), and a plan made
 * while a table was small (a fresh platform, or before autovacuum's next ANALYZE) scans that table
 * whole, hashed, for as long as it stays cached: a growing cost per batch that measured 40 % of a
 * spot batch's bundle within seconds of a benchmark's start. Planned in these transactions, the
 * batch's statements take the index lookups whatever the statistics say.
 */
const KEYED_PLANS: Statement = {
  name: 'ob_keyed_plans',
  text: `select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
    set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`,
  values: [],
};
const COMMIT: Statement = { text: 'commit', values: [] };

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

interface BundleStage {
  parts: readonly BundlePart[];
  idParts: readonly string[];
  expect: Record<string, number>;
}

/** The last round trip's statements: one bundle, or (with `wait`) the parts ahead, `wait`, the parts behind. */
export function stagesOf(
  parts: readonly BundlePart[],
  idParts: readonly string[],
  expect: Readonly<Record<string, number>>,
  wait: Statement | undefined,
): (BundleStage | Statement)[] {
  const stage = (list: readonly BundlePart[]): BundleStage => {
    const names = new Set(list.map((p) => p.name));
    return {
      parts: list,
      idParts: idParts.filter((n) => names.has(n)),
      expect: Object.fromEntries(Object.entries(expect).filter(([n]) => names.has(n))),
    };
  };
  if (!wait) return parts.length ? [stage(parts)] : [];
  const ahead = parts.filter((p) => !p.behind);
  const behind = parts.filter((p) => p.behind);
  return [...(ahead.length ? [stage(ahead)] : []), wait, ...(behind.length ? [stage(behind)] : [])];
}

/** The last round trip's statements, each with the reading of its answer (bundles only). */
function lastStages(
  parts: readonly BundlePart[],
  idParts: readonly string[],
  expect: Readonly<Record<string, number>>,
  wait: Statement | undefined,
): { st: Statement; read: ((row: Row) => BundleResult) | null }[] {
  return stagesOf(parts, idParts, expect, wait).map((stage) => {
    if ('text' in stage) return { st: stage, read: null };
    const st = bundleStatement(stage.parts, stage.idParts, stage.expect);
    return { st, read: st.read };
  });
}

function resultOf(stages: ReturnType<typeof lastStages>, rows: Row[][]): BundleResult {
  const result: BundleResult = { counts: {}, ids: {} };
  stages.forEach((x, i) => {
    if (x.read) merge(result, x.read(rows[i]?.[0] ?? {}));
  });
  return result;
}

function merge(into: BundleResult, from: BundleResult): void {
  Object.assign(into.counts, from.counts);
  Object.assign(into.ids, from.ids);
}

/** Whether transactions on `db` may be in flight side by side (PostgreSQL's pool; PGlite has one connection). */
export function concurrentTransactions(db: Db): boolean {
  return driverOf(db) instanceof pg.Pool;
}

/** `last` as ordinary statements in a transaction (PGlite). */
async function lastIn(
  tx: Executor,
  parts: readonly BundlePart[],
  idParts: readonly string[],
  expect: Readonly<Record<string, number>>,
  wait: Statement | undefined,
): Promise<BundleResult> {
  const result: BundleResult = { counts: {}, ids: {} };
  for (const stage of stagesOf(parts, idParts, expect, wait)) {
    if ('text' in stage) await rawRows(tx, stage.name ?? '', stage.text, [...stage.values]);
    else merge(result, await runBundleWithIds(tx, stage.parts, stage.idParts, stage.expect));
  }
  return result;
}

export async function runPipelined<T>(db: Db, fn: (t: PipelinedTx) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!(driver instanceof pg.Pool)) {
    return db.transaction((tx) =>
      fn({
        tx,
        outside: tx,
        first: async (statements) => {
          const rows: Row[][] = [];
          for (const st of statements) rows.push(await rawRows(tx, st.name ?? '', st.text, [...st.values]));
          return rows;
        },
        last: (parts, idParts, expect, wait) => lastIn(tx, parts, idParts, expect, wait),
        only: async (head, last, headRan) => {
          const rows: Row[][] = [];
          for (const st of head) rows.push(await rawRows(tx, st.name ?? '', st.text, [...st.values]));
          headRan(rows);
          return lastIn(tx, last.parts, last.idParts, last.expect, last.wait);
        },
      }),
    );
  }
  const client = await driver.connect();
  /** `done` only once a COMMIT answered: a failed one leaves `open`. */
  let state = 'idle' as 'idle' | 'open' | 'done';
  /** A pipeline failed: which of its statements the server prepared is unknown, so the connection goes. */
  let dropped: Error | undefined;
  const send = (statements: readonly Statement[]) =>
    pipelined(client, statements).catch((e: Error) => {
      dropped = e;
      throw e;
    });
  const t: PipelinedTx = {
    get tx() {
      if (state !== 'open') throw new Error('pipelined SQL: the transaction is not open');
      return handleFor(client);
    },
    outside: db,
    async first(statements) {
      if (state !== 'idle') throw new Error('pipelined SQL: first statements sent twice');
      state = 'open';
      return (await send([BEGIN, KEYED_PLANS, ...statements])).slice(2);
    },
    async last(parts, idParts, expect, wait) {
      if (state !== 'open') throw new Error('pipelined SQL: the transaction is not open');
      const stages = lastStages(parts, idParts, expect, wait);
      const rows = await send([...stages.map((x) => x.st), COMMIT]);
      state = 'done';
      return resultOf(stages, rows);
    },
    async only(head, last, headRan) {
      if (state !== 'idle') throw new Error('pipelined SQL: the transaction was started already');
      const stages = lastStages(last.parts, last.idParts, last.expect, last.wait);
      // Open from the first write: a failure rolls back (or drops the connection).
      state = 'open';
      const rows = await pipelinedTwice(
        client,
        [BEGIN, KEYED_PLANS, ...head],
        [...stages.map((x) => x.st), COMMIT],
        (r) => headRan(r.slice(2)),
      ).catch((e: Error) => {
        dropped = e;
        throw e;
      });
      state = 'done';
      return resultOf(stages, rows);
    },
  };
  try {
    const value = await fn(t);
    if (state === 'open') {
      await send([COMMIT]);
      state = 'done';
    }
    return value;
  } catch (e) {
    if (state === 'done') throw new AfterCommitError(e);
    // A dropped connection takes its transaction with it; a failed COMMIT has ended it already
    // (ROLLBACK then only warns).
    if (state === 'open' && !dropped) {
      await client.query('rollback').catch((err: Error) => {
        dropped = err;
      });
    }
    throw e;
  } finally {
    client.release(dropped);
  }
}
