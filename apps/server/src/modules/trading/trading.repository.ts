import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type BundlePart, tableInsert } from '../../db/raw.ts';
import { cfdFills, cfdOrders } from './trading.tables.ts';

/**
 * The trading module's SQL, Drizzle only. Every function takes the executor (database or open
 * transaction); the service decides what commits together. Amounts are decimal strings in and out.
 */

export type OrderRow = typeof cfdOrders.$inferSelect;
export type NewOrderRow = typeof cfdOrders.$inferInsert;
export type FillRow = typeof cfdFills.$inferSelect;
export type NewFillRow = typeof cfdFills.$inferInsert;
export type OrderPatch = Partial<
  Omit<NewOrderRow, 'id' | 'publicId' | 'userId' | 'mode' | 'orderNo' | 'clientOrderId' | 'clientRequestHash'>
>;

const LIVE = ['pending', 'open'];

const orderInsert = tableInsert(cfdOrders, { onConflictDoNothing: true });
const fillInsert = tableInsert(cfdFills);

export const tradingRepository = {
  async insertOrder(exec: Executor, row: NewOrderRow): Promise<OrderRow | undefined> {
    // A client key (or, rarely, a random public id) already used answers nothing here; the caller
    // answers the first order or draws another public id. Prepared raw SQL: the hottest statement.
    return orderInsert.insert(exec, row);
  },

  /** Several orders in one statement (group commit): the rows stored; a conflicting one is left out. */
  async insertOrders(exec: Executor, rows: readonly NewOrderRow[]): Promise<OrderRow[]> {
    return orderInsert.insertMany(exec, rows);
  },

  /** `insertOrders` as a statement to send with others (db/pipeline.ts), and the reading of its rows. */
  insertOrdersStatement(rows: readonly NewOrderRow[]) {
    return orderInsert.statement(rows);
  },

  /** Deletes orders inserted earlier in the same transaction (a batch's refusals) as a bundle part. */
  deleteOrdersPart(name: string, ids: readonly number[]): BundlePart {
    return { name, text: 'delete from cfd_orders where id = any($1::bigint[]) returning id', values: [ids] };
  },

  /** Public ids and numbers of one user's orders among internal `ids` (others' ids are simply absent). */
  async orderRefs(
    exec: Executor,
    userId: number,
    ids: readonly number[],
  ): Promise<{ id: number; publicId: number; orderNo: string }[]> {
    if (ids.length === 0) return [];
    return exec
      .select({ id: cfdOrders.id, publicId: cfdOrders.publicId, orderNo: cfdOrders.orderNo })
      .from(cfdOrders)
      .where(and(eq(cfdOrders.userId, userId), inArray(cfdOrders.id, [...ids])));
  },

  async findOrder(exec: Executor, id: number): Promise<OrderRow | undefined> {
    const [row] = await exec.select().from(cfdOrders).where(eq(cfdOrders.id, id));
    return row;
  },

  /**
   * The user's order in that book by the public id they know it by, row-locked when asked (every
   * state change locks it first).
   */
  async findOwnOrder(
    exec: Executor,
    q: { publicId: number; userId: number; mode: string },
    forUpdate = false,
  ): Promise<OrderRow | undefined> {
    const query = exec
      .select()
      .from(cfdOrders)
      .where(and(eq(cfdOrders.publicId, q.publicId), eq(cfdOrders.userId, q.userId), eq(cfdOrders.mode, q.mode)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async lockOrder(exec: Executor, id: number): Promise<OrderRow | undefined> {
    const [row] = await exec.select().from(cfdOrders).where(eq(cfdOrders.id, id)).for('update');
    return row;
  },

  async findByClientId(
    exec: Executor,
    q: { userId: number; mode: string; clientOrderId: string },
  ): Promise<OrderRow | undefined> {
    const [row] = await exec
      .select()
      .from(cfdOrders)
      .where(
        and(eq(cfdOrders.userId, q.userId), eq(cfdOrders.mode, q.mode), eq(cfdOrders.clientOrderId, q.clientOrderId)),
      );
    return row;
  },

  /** Applies a patch and bumps the version; answers the new row. */
  async updateOrder(exec: Executor, id: number, patch: OrderPatch): Promise<OrderRow> {
    const [row] = await exec
      .update(cfdOrders)
      .set({ ...patch, version: sql`${cfdOrders.version} + 1` })
      .where(eq(cfdOrders.id, id))
      .returning();
    if (!row) throw new Error(`cfd order ${id} vanished`);
    return row;
  },

  async insertFill(exec: Executor, row: NewFillRow): Promise<FillRow> {
    const created = await fillInsert.insert(exec, row);
    if (!created) throw new Error('fill not inserted');
    return created;
  },

  /** Fills as a part of a bundle (db/raw.ts), named `name`; its count is theirs. */
  fillsPart(name: string, rows: readonly NewFillRow[]): BundlePart {
    return fillInsert.part(name, rows);
  },

  async listFills(exec: Executor, orderId: number): Promise<FillRow[]> {
    return exec.select().from(cfdFills).where(eq(cfdFills.orderId, orderId)).orderBy(asc(cfdFills.id));
  },

  async lastFill(exec: Executor, orderId: number): Promise<FillRow | undefined> {
    const [row] = await exec
      .select()
      .from(cfdFills)
      .where(eq(cfdFills.orderId, orderId))
      .orderBy(desc(cfdFills.id))
      .limit(1);
    return row;
  },

  /**
   * A page of the user's orders in one book and how many there are in all: newest placed first, or,
   * when only ended states are asked for (the history), newest ended first.
   */
  async listOrders(
    exec: Executor,
    q: { userId: number; mode: string; statuses: readonly string[]; limit: number; offset: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const where = and(
      eq(cfdOrders.userId, q.userId),
      eq(cfdOrders.mode, q.mode),
      q.statuses.length > 0 ? inArray(cfdOrders.status, [...q.statuses]) : undefined,
    );
    const history = q.statuses.length > 0 && q.statuses.every((s) => s === 'closed' || s === 'cancelled');
    const rows = await exec
      .select()
      .from(cfdOrders)
      .where(where)
      .orderBy(
        ...(history
          ? [desc(sql`coalesce(${cfdOrders.closedAt}, ${cfdOrders.cancelledAt})`), desc(cfdOrders.id)]
          : [desc(cfdOrders.id)]),
      )
      .limit(q.limit)
      .offset(q.offset);
    const [n] = await exec.select({ n: count() }).from(cfdOrders).where(where);
    return { rows, total: Number(n?.n ?? 0) };
  },

  /** Every open position and pending order (the trigger runner's start-up). */
  async liveOrders(exec: Executor): Promise<OrderRow[]> {
    return exec.select().from(cfdOrders).where(inArray(cfdOrders.status, LIVE)).orderBy(asc(cfdOrders.id));
  },

  /** The user's open positions and pending orders in one book. */
  async userLiveOrders(exec: Executor, userId: number, mode: string): Promise<OrderRow[]> {
    return exec
      .select()
      .from(cfdOrders)
      .where(and(eq(cfdOrders.userId, userId), eq(cfdOrders.mode, mode), inArray(cfdOrders.status, LIVE)))
      .orderBy(asc(cfdOrders.id));
  },

  /** Realised profit (all time, and since `since`) and fees paid, summed over the user's fills. */
  async fillTotals(
    exec: Executor,
    userId: number,
    mode: string,
    since: Date,
  ): Promise<{ pnl: string; pnlSince: string; fees: string }> {
    const [row] = await exec
      .select({
        pnl: sql<string>`coalesce(sum(${cfdFills.pnl}), 0)::text`,
        pnlSince: sql<string>`coalesce(sum(${cfdFills.pnl}) filter (where ${cfdFills.createdAt} >= ${since.toISOString()}::timestamptz), 0)::text`,
        fees: sql<string>`coalesce(sum(${cfdFills.fee}), 0)::text`,
      })
      .from(cfdFills)
      .where(and(eq(cfdFills.userId, userId), eq(cfdFills.mode, mode)));
    return { pnl: row?.pnl ?? '0', pnlSince: row?.pnlSince ?? '0', fees: row?.fees ?? '0' };
  },

  /** Traded notional (opening and closing fills) since `since` in one book. */
  async notionalSince(exec: Executor, mode: string, since: Date): Promise<string> {
    const [row] = await exec
      .select({ total: sql<string>`coalesce(sum(${cfdFills.notional}), 0)::text` })
      .from(cfdFills)
      .where(and(eq(cfdFills.mode, mode), gte(cfdFills.createdAt, since)));
    return row?.total ?? '0';
  },

  /** Open positions per instrument and side (the back office's exposure): count, lots, notional at entry. */
  async exposure(exec: Executor, mode: string) {
    return exec
      .select({
        instrumentId: cfdOrders.instrumentId,
        code: cfdOrders.instrumentCode,
        side: cfdOrders.side,
        positions: sql<number>`count(*)::int`,
        lots: sql<string>`sum(${cfdOrders.openLots})::text`,
        margin: sql<string>`sum(${cfdOrders.marginHeld})::text`,
        notional: sql<string>`round(sum(${cfdOrders.margin} * ${cfdOrders.leverage} * ${cfdOrders.openLots} / ${cfdOrders.lots}), 6)::text`,
      })
      .from(cfdOrders)
      .where(and(eq(cfdOrders.mode, mode), eq(cfdOrders.status, 'open')))
      .groupBy(cfdOrders.instrumentId, cfdOrders.instrumentCode, cfdOrders.side)
      .orderBy(cfdOrders.instrumentCode, cfdOrders.side);
  },

  /** Fills since a time: how many, their notional and the fees charged. */
  async fillsSince(exec: Executor, mode: string, since: Date) {
    const [row] = await exec
      .select({
        fills: sql<number>`count(*)::int`,
        notional: sql<string>`coalesce(sum(${cfdFills.notional}), 0)::text`,
        fees: sql<string>`coalesce(sum(${cfdFills.fee}), 0)::text`,
      })
      .from(cfdFills)
      .where(and(eq(cfdFills.mode, mode), gte(cfdFills.createdAt, since)));
    return { fills: Number(row?.fills ?? 0), notional: row?.notional ?? '0', fees: row?.fees ?? '0' };
  },

  /** Per user, the notional of the fills (opening and closing) in [since, until) in a book: VIP volume. */
  async notionalByUser(exec: Executor, mode: string, since: Date, until: Date) {
    const rows = await exec
      .select({ userId: cfdFills.userId, volume: sql<string>`sum(${cfdFills.notional})::text` })
      .from(cfdFills)
      .where(and(eq(cfdFills.mode, mode), gte(cfdFills.createdAt, since), lt(cfdFills.createdAt, until)))
      .groupBy(cfdFills.userId);
    return rows.map((r) => ({ userId: Number(r.userId), volume: r.volume }));
  },
};
