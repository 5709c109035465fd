import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type FavouriteRow,
  type PriceAlertRow,
  priceAlerts,
  watchlistFavourites,
  watchlistQuotas,
} from './watchlist.tables.ts';

export type NewPriceAlertRow = typeof priceAlerts.$inferInsert;

/** What a quota counts: favourites, or alerts waiting to fire. */
export type QuotaKind = 'favourites' | 'activeAlerts';

const quotaColumn = (kind: QuotaKind) =>
  kind === 'favourites' ? watchlistQuotas.favourites : watchlistQuotas.activeAlerts;

/** The watchlist's SQL, Drizzle only; every function takes the executor. */
export const watchlistRepository = {
  /** Adds one; false when it was already a favourite (nothing changes). */
  async addFavourite(exec: Executor, userId: number, instrumentId: number, at: Date): Promise<boolean> {
    const added = await exec
      .insert(watchlistFavourites)
      .values({ userId, instrumentId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: watchlistFavourites.instrumentId });
    return added.length > 0;
  },

  /** Removes one; false when it was not a favourite. */
  async removeFavourite(exec: Executor, userId: number, instrumentId: number): Promise<boolean> {
    const removed = await exec
      .delete(watchlistFavourites)
      .where(and(eq(watchlistFavourites.userId, userId), eq(watchlistFavourites.instrumentId, instrumentId)))
      .returning({ id: watchlistFavourites.instrumentId });
    return removed.length > 0;
  },

  /** The user's favourites, oldest first. */
  async favourites(exec: Executor, userId: number): Promise<FavouriteRow[]> {
    return exec
      .select()
      .from(watchlistFavourites)
      .where(eq(watchlistFavourites.userId, userId))
      .orderBy(asc(watchlistFavourites.createdAt), asc(watchlistFavourites.instrumentId));
  },

  /**
   * Counts one more of `kind` for the user unless the count has reached `max`: one statement (an
   * upsert whose update is conditional), so concurrent requests queue on the user's row and each
   * sees the count the previous one left. False when the cap is reached (nothing changes).
   */
  async takeQuota(exec: Executor, userId: number, kind: QuotaKind, max: number): Promise<boolean> {
    const column = quotaColumn(kind);
    const taken = await exec
      .insert(watchlistQuotas)
      .values({ userId, favourites: kind === 'favourites' ? 1 : 0, activeAlerts: kind === 'activeAlerts' ? 1 : 0 })
      .onConflictDoUpdate({
        target: watchlistQuotas.userId,
        set: { [kind]: sql`${column} + 1` },
        setWhere: lt(column, max),
      })
      .returning({ userId: watchlistQuotas.userId });
    return taken.length > 0;
  },

  /** Counts one fewer of `kind` (what it counted was removed in the same transaction). */
  async releaseQuota(exec: Executor, userId: number, kind: QuotaKind): Promise<void> {
    await exec
      .update(watchlistQuotas)
      .set({ [kind]: sql`${quotaColumn(kind)} - 1` })
      .where(eq(watchlistQuotas.userId, userId));
  },

  async quota(exec: Executor, userId: number): Promise<{ favourites: number; activeAlerts: number }> {
    const [row] = await exec
      .select({ favourites: watchlistQuotas.favourites, activeAlerts: watchlistQuotas.activeAlerts })
      .from(watchlistQuotas)
      .where(eq(watchlistQuotas.userId, userId));
    return row ?? { favourites: 0, activeAlerts: 0 };
  },

  /** Inserts the alert; undefined when its random public id is taken (the caller draws another). */
  async insertAlert(exec: Executor, row: NewPriceAlertRow): Promise<PriceAlertRow | undefined> {
    const [created] = await exec
      .insert(priceAlerts)
      .values(row)
      .onConflictDoNothing({ target: priceAlerts.publicId })
      .returning();
    return created;
  },

  /** The user's waiting alerts, newest first. */
  async waitingOf(exec: Executor, userId: number): Promise<PriceAlertRow[]> {
    return exec
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.id));
  },

  /** The user's latest fired alerts, most recently fired first. */
  async firedOf(exec: Executor, userId: number, limit: number): Promise<PriceAlertRow[]> {
    return exec
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNotNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.firedAt), desc(priceAlerts.id))
      .limit(limit);
  },

  /** Every waiting alert of every user (the evaluator's start). */
  async waiting(exec: Executor): Promise<PriceAlertRow[]> {
    return exec.select().from(priceAlerts).where(isNull(priceAlerts.firedAt)).orderBy(asc(priceAlerts.id));
  },

  /**
   * Marks the alert fired by this tick, if it is still waiting: the condition is the statement's,
   * so of two evaluators (or a retry) only one gets the row back. Undefined: already fired or
   * removed.
   */
  async fire(
    exec: Executor,
    id: number,
    by: { at: Date; tickId: number; price: string },
  ): Promise<PriceAlertRow | undefined> {
    const [row] = await exec
      .update(priceAlerts)
      .set({ firedAt: by.at, firedTickId: by.tickId, firedPrice: by.price })
      .where(and(eq(priceAlerts.id, id), isNull(priceAlerts.firedAt)))
      .returning();
    return row;
  },

  /** Removes one of the user's alerts by its public id; undefined when the user has none such. */
  async removeAlert(exec: Executor, userId: number, publicId: number): Promise<PriceAlertRow | undefined> {
    const [row] = await exec
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.publicId, publicId)))
      .returning();
    return row;
  },
};
