import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type NotificationRow, notifications } from './notifications.tables.ts';

export type NewNotificationRow = typeof notifications.$inferInsert;

/** The notifications module's SQL, Drizzle only; every function takes the executor. */
export const notificationsRepository = {
  /** Inserts the row; undefined when its random public id is taken (the caller draws another). */
  async insert(exec: Executor, row: NewNotificationRow): Promise<NotificationRow | undefined> {
    const [created] = await exec
      .insert(notifications)
      .values(row)
      .onConflictDoNothing({ target: notifications.publicId })
      .returning();
    return created;
  },

  /** One page of the user's notifications, newest first (ids grow with time). */
  async page(exec: Executor, userId: number, page: number, size: number): Promise<NotificationRow[]> {
    return exec
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(size)
      .offset((page - 1) * size);
  },

  /** The user's notification with this public id (another user's matches nothing). */
  async mine(exec: Executor, userId: number, publicId: number): Promise<NotificationRow | undefined> {
    const [row] = await exec
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.publicId, publicId)));
    return row;
  },

  async total(exec: Executor, userId: number): Promise<number> {
    const [row] = await exec.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
    return Number(row?.n ?? 0);
  },

  async unread(exec: Executor, userId: number): Promise<number> {
    const [row] = await exec
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  },

  /**
   * Marks the user's unread notifications read: those with these public ids, or all. Others'
   * ids match nothing; read ones stay as they were. Returns how many changed.
   */
  async markRead(exec: Executor, userId: number, publicIds: readonly number[] | 'all', at: Date): Promise<number> {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const where = publicIds === 'all' ? mine : and(mine, inArray(notifications.publicId, [...publicIds]));
    const changed = await exec
      .update(notifications)
      .set({ readAt: at })
      .where(where)
      .returning({ id: notifications.id });
    return changed.length;
  },
};
