/**
 * Prepared raw SQL for the hottest statements (an order's insert, its fill, its ledger postings,
 * its event): Drizzle's query building costs more CPU per statement than the database spends on
 * it. `rawRows` sends fixed text straight to the driver behind a Drizzle handle (a named prepared
 * statement on node-postgres, parsed once per connection; PGlite's own query on the embedded
 * database), and `tableInsert` builds a table's insert text once and maps its rows as Drizzle would.
 */
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client.ts';

interface DriverResult {
  rows: Record<string, unknown>[];
}
interface PgLike {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<DriverResult>;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<DriverResult>;
}

/** The driver client Drizzle holds: node-postgres Pool / PoolClient, or PGlite / its transaction. */
export function driverOf(exec: Executor): PgLike | PgliteLike {
  const client = (exec as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('raw SQL: no driver client behind this handle');
  }
  return client as PgLike | PgliteLike;
}

/** Sends a statement to the driver behind `exec`: prepared under `name` on PostgreSQL, or unnamed. */
async function send(exec: Executor, text: string, values: unknown[], name?: string): Promise<DriverResult> {
  const client = driverOf(exec);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (client as PgLike).query(name ? { name, text, values } : { text, values });
  }
  return (client as PgliteLike).query(text, values);
}

/** Rows of one statement with `$n` parameters; `name` must be unique per text (it is prepared under it on PostgreSQL). */
export async function rawRows(
  exec: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  return (await send(exec, text, values, name)).rows;
}

type Column = ReturnType<typeof getTableColumns>[string];

/** A column's type as an array element type (serial columns are plain integers there). */
function arrayType(col: Column): string {
  const t = col.getSQLType();
  return t === 'bigserial' ? 'bigint' : t === 'serial' ? 'integer' : t === 'smallserial' ? 'smallint' : t;
}

/** Prepared statement names are per connection: every text gets its own, process-wide. */
let statementSeq = 0;

/**
 * `insert into <table> (<columns given>) values ($1 …) [on conflict do nothing] returning *`, one
 * prepared text per set of columns a row gives (absent ones take their defaults), and the mapping of
 * its rows to the table's row type as Drizzle maps them (numeric as strings, bigint(number) as
 * numbers, timestamps as Dates).
 */
export function tableInsert<T extends Table>(table: T, opts: { onConflictDoNothing?: boolean } = {}) {
  const tableName = getTableName(table);
  const columns = getTableColumns(table) as Record<string, Column>;
  const all = Object.entries(columns).map(([key, col]) => ({ key, col }));
  const statements = new Map<string, { name: string; text: string; cols: { key: string; col: Column }[] }>();

  /**
   * The insert text for rows giving `keys`: `rows` tuples of parameters, or (`rows` = 'arrays') one
   * array parameter per column, `unnest`ed — the same text for any number of rows.
   */
  function statementFor(keys: string[], rows: number | 'arrays' = 1, returning = '*') {
    const id = `${rows}:${returning}:${keys.join(',')}`;
    let st = statements.get(id);
    if (!st) {
      const cols = keys.map((key) => ({ key, col: columns[key] as Column }));
      const source =
        rows === 'arrays'
          ? `select * from unnest(${cols.map((c, i) => `$${i + 1}::${arrayType(c.col)}[]`).join(', ')})`
          : `values ${Array.from(
              { length: rows },
              (_, r) => `(${cols.map((_, i) => `$${r * cols.length + i + 1}`).join(', ')})`,
            ).join(', ')}`;
      st = {
        name: `ob_ins_${tableName}_${++statementSeq}`,
        text:
          `insert into "${tableName}" (${cols.map((c) => `"${c.col.name}"`).join(', ')}) ${source}` +
          `${opts.onConflictDoNothing ? ' on conflict do nothing' : ''} returning ${returning}`,
        cols,
      };
      statements.set(id, st);
    }
    return st;
  }

  /** One array per column of rows giving the same columns (each value as Drizzle would bind it). */
  function columnArrays(st: { cols: { key: string; col: Column }[] }, rows: readonly T['$inferInsert'][]) {
    return st.cols.map(({ key, col }) =>
      rows.map((row) => {
        const v = (row as Record<string, unknown>)[key];
        return v === null || v === undefined ? null : col.mapToDriverValue(v);
      }),
    );
  }

  function sameKeys(rows: readonly T['$inferInsert'][]): string[] {
    const first = rows[0];
    if (!first) throw new Error(`raw SQL: no rows for ${tableName}`);
    const keys = keysOf(first);
    const id = keys.join(',');
    for (const row of rows) {
      if (keysOf(row).join(',') !== id) throw new Error(`raw SQL: rows for ${tableName} give different columns`);
    }
    return keys;
  }

  function keysOf(row: T['$inferInsert']): string[] {
    const given = row as Record<string, unknown>;
    const keys = Object.keys(given).filter((k) => given[k] !== undefined);
    for (const k of keys) if (!columns[k]) throw new Error(`raw SQL: ${tableName} has no column ${k}`);
    return keys;
  }

  function valuesOf(st: { cols: { key: string; col: Column }[] }, row: T['$inferInsert']): unknown[] {
    const given = row as Record<string, unknown>;
    return st.cols.map(({ key, col }) => {
      const v = given[key];
      return v === null || v === undefined ? null : col.mapToDriverValue(v);
    });
  }

  function mapRow(raw: Record<string, unknown>): T['$inferSelect'] {
    const out: Record<string, unknown> = {};
    for (const { key, col } of all) {
      const v = raw[col.name];
      out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return out as T['$inferSelect'];
  }

  return {
    /**
     * The insert of rows that give the same columns, as a part of a bundle (`runBundle`): not run
     * here, answering `returning` (a column list; `1` when only the count matters).
     */
    part(name: string, rows: readonly T['$inferInsert'][], returning = '1'): BundlePart {
      const st = statementFor(sameKeys(rows), 'arrays', returning);
      return { name, text: st.text, values: columnArrays(st, rows) };
    },

    /**
     * The insert of rows that give the same columns as a statement to send later (db/pipeline.ts),
     * prepared under its name, with the reading of the rows it answers.
     */
    statement(rows: readonly T['$inferInsert'][]): {
      name: string;
      text: string;
      values: unknown[];
      read(raw: readonly Record<string, unknown>[]): T['$inferSelect'][];
    } {
      const st = statementFor(sameKeys(rows), 'arrays');
      return { name: st.name, text: st.text, values: columnArrays(st, rows), read: (raw) => raw.map(mapRow) };
    },

    /** Inserts one row; answers it as stored (undefined when a conflict left it out). */
    async insert(exec: Executor, row: T['$inferInsert']): Promise<T['$inferSelect'] | undefined> {
      const st = statementFor(keysOf(row));
      const rows = await rawRows(exec, st.name, st.text, valuesOf(st, row));
      return rows[0] ? mapRow(rows[0]) : undefined;
    },

    /**
     * Inserts rows that give the same columns in one statement (a prepared text per row count);
     * answers the rows stored, in no particular order (a conflict leaves a row out).
     */
    async insertMany(exec: Executor, rows: readonly T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
      if (rows.length === 0) return [];
      const st = this.statement(rows);
      return st.read(await rawRows(exec, st.name, st.text, st.values));
    },
  };
}

/**
 * One statement of a bundle: a data-modifying statement with RETURNING (or a select), its `$n`
 * parameters numbered from 1. `name` is its CTE's name: later parts may read its rows by it (a
 * transfer joining the hold it belongs to).
 */
export interface BundlePart {
  name: string;
  text: string;
  values: unknown[];
  /**
   * The part changes rows an earlier transaction may still hold, or reads rows it may have written
   * (updates, transfers out of existing holds). A transaction that waits for an earlier one before
   * its last writes (db/pipeline.ts `last` with `wait`) runs such parts after that wait, in a
   * statement of their own; the others (inserts of rows no other transaction knows) run before it.
   */
  behind?: boolean;
}

/**
 * Several statements in one round trip: each part becomes a CTE of one top-level WITH and the answer
 * is how many rows each returned, by name. All of them run, in one snapshot (PostgreSQL's rule for
 * data-modifying WITH): no part may read a table another part writes except through that part's
 * CTE; foreign keys between them hold (they are checked at the end of the statement). For writes
 * that belong to one transaction anyway (an order batch's fills, holds, transfers, balances and
 * event): every round trip saved is one the batch's orders no longer wait for.
 */
export async function runBundle(exec: Executor, parts: readonly BundlePart[]): Promise<Record<string, number>> {
  return (await runBundleWithIds(exec, parts, [])).counts;
}

/** What a bundle's rows say: each part's count, and the ids of the parts named in `idParts`. */
export interface BundleResult {
  counts: Record<string, number>;
  ids: Record<string, number[]>;
}

/**
 * The text and values of a bundle (see `runBundle`). Each part named in `expect` must return exactly
 * that many rows, or the statement fails (`ob_expect`, migration 0015) and with it its transaction.
 */
export function bundleStatement(
  parts: readonly BundlePart[],
  idParts: readonly string[] = [],
  expect: Readonly<Record<string, number>> = {},
): { name: string | undefined; text: string; values: unknown[]; read(row: Record<string, unknown>): BundleResult } {
  for (const name of Object.keys(expect)) {
    if (!parts.some((p) => p.name === name)) throw new Error(`raw SQL: no bundle part ${name}`);
  }
  const values: unknown[] = [];
  for (const part of parts) values.push(...part.values);
  const checked = parts.filter((p) => expect[p.name] !== undefined);
  for (const p of checked) values.push(Math.trunc(expect[p.name] as number));
  const key = `${parts.map((p) => `${p.name}\u0001${p.values.length}\u0001${p.text}`).join('\u0000')}\u0002${idParts.join(',')}\u0002${checked.map((p) => p.name).join(',')}`;
  let shape = bundleShapes.get(key);
  if (!shape) {
    shape = bundleShape(parts, idParts, checked);
    // Past the bound (texts that vary by row count), unnamed: parsed where it runs.
    if (bundleShapes.size < MAX_BUNDLE_SHAPES) bundleShapes.set(key, shape);
    else shape = { ...shape, name: undefined };
  }
  return {
    name: shape.name,
    text: shape.text,
    values,
    read: (row) => ({
      counts: Object.fromEntries(parts.map((p) => [p.name, Number(row[p.name] ?? 0)])),
      ids: Object.fromEntries(
        idParts.map((name) => {
          const list = row[`${name}__ids`];
          // "{1,2,3}" as text: the same on both drivers.
          const inner = typeof list === 'string' ? list.slice(1, -1) : '';
          return [name, inner ? inner.split(',').map(Number) : []];
        }),
      ),
    }),
  };
}

/**
 * Bundle texts by their parts' names, parameter counts and texts: a bundle of fixed-text parts
 * (tableInsert's `part`, the ledger's fresh postings) has one text however many rows it writes,
 * prepared once per connection under its name.
 */
const bundleShapes = new Map<string, { name: string | undefined; text: string }>();
const MAX_BUNDLE_SHAPES = 512;

function bundleShape(
  parts: readonly BundlePart[],
  idParts: readonly string[],
  checked: readonly BundlePart[],
): { name: string | undefined; text: string } {
  const ctes: string[] = [];
  let offset = 0;
  for (const part of parts) {
    if (!/^[a-z_][a-z0-9_]*$/.test(part.name)) throw new Error(`raw SQL: bad bundle part name ${part.name}`);
    const at = offset;
    ctes.push(`${part.name} as (${part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + at}`)})`);
    offset += part.values.length;
  }
  for (const name of idParts) {
    if (!parts.some((p) => p.name === name)) throw new Error(`raw SQL: no bundle part ${name}`);
  }
  const wants = new Map(checked.map((p, i) => [p.name, offset + i + 1]));
  const counts = parts.map((p) => {
    const want = wants.get(p.name);
    const count = `(select count(*) from ${p.name})`;
    return want === undefined
      ? `${count}::int as ${p.name}`
      : `ob_expect(${count}, $${want}::bigint, '${p.name}')::int as ${p.name}`;
  });
  const ids = idParts.map((name) => `(select array_agg(id order by id)::text from ${name}) as ${name}__ids`);
  return {
    name: `ob_bundle_${bundleShapes.size + 1}`,
    text: `with ${ctes.join(',\n')}\nselect ${[...counts, ...ids].join(', ')}`,
  };
}

/**
 * `runBundle`, answering besides the counts the ids of the rows that the parts named in `idParts`
 * returned (each must return an `id` column); parts named in `expect` must return that many rows.
 */
export async function runBundleWithIds(
  exec: Executor,
  parts: readonly BundlePart[],
  idParts: readonly string[],
  expect: Readonly<Record<string, number>> = {},
): Promise<BundleResult> {
  if (parts.length === 0) return { counts: {}, ids: {} };
  const st = bundleStatement(parts, idParts, expect);
  return st.read((await send(exec, st.text, st.values, st.name)).rows[0] ?? {});
}
