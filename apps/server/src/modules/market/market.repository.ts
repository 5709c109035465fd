import type { KPeriod, TickSource } from '@openbourse/contracts/market.ts';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { CatalogueEntry } from './market.catalogue.ts';
import { marketInstruments, marketKlines, marketTickIds, marketTicks } from './market.tables.ts';

/** Drizzle only; every method takes the executor (database or transaction) it runs on. */

export interface TickRow {
  id: number;
  instrumentId: number;
  ts: Date;
  bid: string;
  ask: string;
  price: string;
  volume: string;
  source: TickSource;
}

export interface CandleRow {
  instrumentId: number;
  period: KPeriod;
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export type InstrumentRow = typeof marketInstruments.$inferSelect;

/** A PostgreSQL array literal of plain tokens (digits, decimals, period names: nothing to escape). */
const arrayLiteral = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`;

export const TICK_ID_BLOCK = 1000;

export const marketRepository = {
  async seedInstruments(exec: Executor, entries: readonly CatalogueEntry[], now: Date) {
    if (entries.length === 0) return;
    await exec
      .insert(marketInstruments)
      .values(
        entries.map((e, sort) => ({
          ...e,
          sort,
          enabled: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: marketInstruments.code });
  },

  listInstruments(exec: Executor): Promise<InstrumentRow[]> {
    return exec.select().from(marketInstruments).orderBy(asc(marketInstruments.type), asc(marketInstruments.sort));
  },

  /** One instrument's row, locked until the transaction ends (an operator's edit). */
  async lockInstrument(exec: Executor, id: number): Promise<InstrumentRow | null> {
    const [row] = await exec.select().from(marketInstruments).where(eq(marketInstruments.id, id)).for('update');
    return row ?? null;
  },

  async updateInstrument(
    exec: Executor,
    id: number,
    set: Partial<typeof marketInstruments.$inferInsert>,
  ): Promise<InstrumentRow> {
    const [row] = await exec.update(marketInstruments).set(set).where(eq(marketInstruments.id, id)).returning();
    if (!row) throw new Error(`instrument ${id} vanished`);
    return row;
  },

  async countEnabled(exec: Executor): Promise<number> {
    const [row] = await exec.select({ n: count() }).from(marketInstruments).where(eq(marketInstruments.enabled, true));
    return Number(row?.n ?? 0);
  },

  /** Reserves a block of TICK_ID_BLOCK tick ids: [first, first + TICK_ID_BLOCK). */
  async reserveTickIds(exec: Executor): Promise<number> {
    const [row] = await queryRows<{ id: string | number }>(
      exec,
      sql.raw(`select nextval('${marketTickIds.seqName}')::float8 as id`),
    );
    return Number(row?.id);
  },

  /** The newest tick of each instrument (continuity across restarts). */
  async lastTicks(exec: Executor): Promise<TickRow[]> {
    const rows = await queryRows<{
      id: number;
      instrument_id: number;
      ts_ms: number;
      bid: string;
      ask: string;
      price: string;
      volume: string;
      source: TickSource;
    }>(
      exec,
      sql`select t.id::float8 as id, t.instrument_id, (extract(epoch from t.ts) * 1000)::float8 as ts_ms,
            t.bid::text as bid, t.ask::text as ask, t.price::text as price, t.volume::text as volume, t.source
          from ${marketInstruments} i
          cross join lateral (
            select * from ${marketTicks} m where m.instrument_id = i.id order by m.ts desc, m.id desc limit 1
          ) t`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      instrumentId: Number(r.instrument_id),
      ts: new Date(Math.round(Number(r.ts_ms))),
      bid: r.bid,
      ask: r.ask,
      price: r.price,
      volume: r.volume,
      source: r.source,
    }));
  },

  /** The newest candle of each (instrument, period). */
  async latestCandles(exec: Executor, periods: readonly KPeriod[]): Promise<CandleRow[]> {
    const rows = await queryRows<RawCandle>(
      exec,
      sql`select k.instrument_id, k.period, (extract(epoch from k.open_time) * 1000)::float8 as open_ms,
            k.open::text as open, k.high::text as high, k.low::text as low, k.close::text as close,
            k.volume::text as volume
          from ${marketInstruments} i
          cross join unnest(${arrayLiteral(periods)}::text[]) as p(period)
          cross join lateral (
            select * from ${marketKlines} c where c.instrument_id = i.id and c.period = p.period
            order by c.open_time desc limit 1
          ) k`,
    );
    return rows.map(fromRaw);
  },

  /** Candles of one period from `fromMs` on, every instrument, oldest first. */
  async candlesSince(exec: Executor, period: KPeriod, fromMs: number): Promise<CandleRow[]> {
    const rows = await queryRows<RawCandle>(
      exec,
      sql`select instrument_id, period, (extract(epoch from open_time) * 1000)::float8 as open_ms,
            open::text as open, high::text as high, low::text as low, close::text as close, volume::text as volume
          from ${marketKlines}
          where period = ${period} and open_time >= timestamptz 'epoch' + ${fromMs}::bigint * interval '1 millisecond'
          order by instrument_id, open_time`,
    );
    return rows.map(fromRaw);
  },

  /** The latest `limit` candles of an instrument with openTime in [fromMs, toMs], oldest first. */
  async candles(
    exec: Executor,
    q: { instrumentId: number; period: KPeriod; fromMs: number; toMs: number; limit: number },
  ): Promise<CandleRow[]> {
    const rows = await exec
      .select()
      .from(marketKlines)
      .where(
        and(
          eq(marketKlines.instrumentId, q.instrumentId),
          eq(marketKlines.period, q.period),
          gte(marketKlines.openTime, new Date(q.fromMs)),
          lte(marketKlines.openTime, new Date(q.toMs)),
        ),
      )
      .orderBy(desc(marketKlines.openTime))
      .limit(q.limit);
    return rows.reverse().map((r) => ({
      instrumentId: r.instrumentId,
      period: r.period as KPeriod,
      openTime: r.openTime.getTime(),
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
    }));
  },

  async insertTicks(exec: Executor, rows: readonly TickRow[]) {
    if (rows.length === 0) return;
    await exec
      .insert(marketTicks)
      .values([...rows])
      .onConflictDoNothing({ target: marketTicks.id });
  },

  /**
   * Writes candles in bulk (one statement per chunk). `absolute`: the rows are the full state of
   * the candle (live aggregation); `merge`: the rows cover only part of the candle's time and are
   * combined with what is stored (generated history filling a gap).
   */
  async upsertCandles(exec: Executor, rows: readonly CandleRow[], mode: 'absolute' | 'merge', chunk = 5000) {
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk);
      const col = <K extends keyof CandleRow>(k: K) => arrayLiteral(part.map((r) => r[k] as string | number));
      const volume = mode === 'merge' ? sql.raw('market_klines.volume + excluded.volume') : sql.raw('excluded.volume');
      await exec.execute(sql`
        insert into ${marketKlines} (instrument_id, period, open_time, open, high, low, close, volume)
        select u.i, u.p, timestamptz 'epoch' + u.t * interval '1 millisecond', u.o, u.h, u.l, u.c, u.v
        from unnest(${col('instrumentId')}::int[], ${col('period')}::text[], ${col('openTime')}::bigint[],
          ${col('open')}::numeric[], ${col('high')}::numeric[], ${col('low')}::numeric[], ${col('close')}::numeric[],
          ${col('volume')}::numeric[]) as u(i, p, t, o, h, l, c, v)
        on conflict (instrument_id, period, open_time) do update set
          high = greatest(market_klines.high, excluded.high),
          low = least(market_klines.low, excluded.low),
          close = excluded.close,
          volume = ${volume}`);
    }
  },

  /**
   * Marks a recorded tick as kept forever; inserts it first when it is still only in memory. A tick
   * already pinned is not written again, so fills at one tick do not queue on its row once the
   * first pin has committed (an update that matches nothing takes no row lock).
   */
  async pinTick(exec: Executor, id: number, pending: TickRow | undefined): Promise<TickRow | null> {
    if (pending) {
      const inserted = await exec
        .insert(marketTicks)
        .values({ ...pending, pinned: true })
        .onConflictDoNothing({ target: marketTicks.id })
        .returning({ id: marketTicks.id });
      if (inserted.length > 0) return pending;
      // Flushed (or pinned) meanwhile: the row exists; pin it below unless it is.
    }
    const rows = await queryRows<RawTick>(
      exec,
      sql`with pinned as (
            update ${marketTicks} set pinned = true where id = ${id} and not pinned returning id
          )
          select id::float8 as id, instrument_id, ts, bid::text as bid, ask::text as ask, price::text as price,
            volume::text as volume, source
          from ${marketTicks} where id = ${id}`,
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      instrumentId: Number(r.instrument_id),
      ts: r.ts instanceof Date ? r.ts : new Date(r.ts),
      bid: r.bid,
      ask: r.ask,
      price: r.price,
      volume: r.volume,
      source: r.source as TickSource,
    };
  },

  async getTick(exec: Executor, id: number): Promise<(TickRow & { pinned: boolean }) | null> {
    const [row] = await exec.select().from(marketTicks).where(eq(marketTicks.id, id));
    return row ? { ...toTickRow(row), pinned: row.pinned } : null;
  },

  /**
   * The first recorded (flushed) tick of an instrument at or after `at`, by time then id: what an
   * option expiring at `at` settles at. Null when none is recorded yet.
   */
  async firstTickAtOrAfter(exec: Executor, instrumentId: number, at: Date): Promise<TickRow | null> {
    const [row] = await exec
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.instrumentId, instrumentId), gte(marketTicks.ts, at)))
      .orderBy(asc(marketTicks.ts), asc(marketTicks.id))
      .limit(1);
    return row ? toTickRow(row) : null;
  },

  /** Deletes up to `limit` unpinned ticks older than `before` (except `keep`); answers how many went. */
  async pruneTicks(exec: Executor, before: Date, limit: number, keep: ReadonlySet<number | null>): Promise<number> {
    const keepIds = arrayLiteral([...keep].filter((id): id is number => id !== null));
    const rows = await queryRows<{ n: string | number }>(
      exec,
      sql`with gone as (
            delete from ${marketTicks} where id in (
              select id from ${marketTicks} where ts < ${before.toISOString()}::timestamptz and not pinned
                and id <> all(${keepIds}::bigint[]) limit ${limit}
            ) returning 1
          ) select count(*)::int as n from gone`,
    );
    return Number(rows[0]?.n ?? 0);
  },
};

interface RawTick {
  id: number;
  instrument_id: number | string;
  ts: Date | string;
  bid: string;
  ask: string;
  price: string;
  volume: string;
  source: string;
}

interface RawCandle {
  instrument_id: number;
  period: string;
  open_ms: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

function fromRaw(r: RawCandle): CandleRow {
  return {
    instrumentId: Number(r.instrument_id),
    period: r.period as KPeriod,
    openTime: Math.round(Number(r.open_ms)),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  };
}

function toTickRow(row: typeof marketTicks.$inferSelect): TickRow {
  return {
    id: row.id,
    instrumentId: row.instrumentId,
    ts: row.ts,
    bid: row.bid,
    ask: row.ask,
    price: row.price,
    volume: row.volume,
    source: row.source as TickSource,
  };
}
