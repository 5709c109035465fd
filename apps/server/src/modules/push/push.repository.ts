import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { pushDeliveries, type PushSubscriptionRow, pushSubscriptions } from './push.tables.ts';

export interface ClaimedDelivery {
  id: number;
  subscriptionId: number;
  userId: number;
  notificationId: number;
  attempts: number;
}

/** The push module's SQL; every function takes the executor. */
export const pushRepository = {
  /**
   * Stores the browser's subscription for the user. An endpoint another user had (the browser now
   * signed in as someone else) is deleted first, with its queued deliveries: nothing of the
   * previous user's is ever sent to it again. Answers whether the row is the user's now.
   */
  async upsert(
    exec: Executor,
    row: {
      userId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      lang: string;
      userAgent: string;
      createdAt: Date;
    },
  ): Promise<boolean> {
    await exec
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, row.userId)));
    const saved = await exec
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: row.p256dh, auth: row.auth, lang: row.lang, userAgent: row.userAgent },
        setWhere: eq(pushSubscriptions.userId, row.userId),
      })
      .returning({ id: pushSubscriptions.id });
    return saved.length > 0;
  },

  /** Keeps the user's newest `keep` subscriptions and deletes the rest. */
  async trim(exec: Executor, userId: number, keep: number): Promise<void> {
    const newest = exec
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.id))
      .limit(keep);
    await exec
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  },

  async remove(exec: Executor, userId: number, endpoint: string): Promise<number> {
    const gone = await exec
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return gone.length;
  },

  async removeById(exec: Executor, id: number): Promise<void> {
    await exec.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },

  async count(exec: Executor, userId: number): Promise<number> {
    const rows = await exec
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return rows.length;
  },

  async byIds(exec: Executor, ids: readonly number[]): Promise<PushSubscriptionRow[]> {
    if (ids.length === 0) return [];
    return exec
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, [...ids]));
  },

  /** One delivery per subscription the user has, in the notification's transaction (none: nothing). */
  async enqueue(exec: Executor, userId: number, notificationId: number, at: Date): Promise<void> {
    const iso = at.toISOString();
    await exec.execute(
      sql`insert into push_deliveries (subscription_id, user_id, notification_id, status, created_at, next_attempt_at)
          select id, user_id, ${notificationId}, 'queued', ${iso}::timestamptz, ${iso}::timestamptz
          from push_subscriptions where user_id = ${userId}`,
    );
  },

  /** Due deliveries, claimed for `claimMs` (FOR UPDATE SKIP LOCKED: one relay at a time takes each). */
  async claim(exec: Executor, now: Date, claimMs: number, batch: number): Promise<ClaimedDelivery[]> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + claimMs).toISOString();
    const rows = await queryRows<{
      id: string | number;
      subscription_id: string | number;
      user_id: string | number;
      notification_id: string | number;
      attempts: number;
    }>(
      exec,
      sql`update push_deliveries set status = 'sending', claimed_until = ${until}::timestamptz, attempts = attempts + 1
          where id in (
            select id from push_deliveries
            where (status = 'queued' and next_attempt_at <= ${nowIso}::timestamptz)
               or (status = 'sending' and claimed_until < ${nowIso}::timestamptz)
            order by id limit ${batch}
            for update skip locked)
          returning id, subscription_id, user_id, notification_id, attempts`,
    );
    return rows
      .map((r) => ({
        id: Number(r.id),
        subscriptionId: Number(r.subscription_id),
        userId: Number(r.user_id),
        notificationId: Number(r.notification_id),
        attempts: Number(r.attempts),
      }))
      .sort((a, b) => a.id - b.id);
  },

  async record(
    exec: Executor,
    id: number,
    state: { status: 'queued' | 'sent' | 'failed'; error: string | null; nextAttemptAt?: Date; sentAt?: Date },
  ): Promise<void> {
    await exec
      .update(pushDeliveries)
      .set({
        status: state.status,
        error: state.error,
        claimedUntil: null,
        ...(state.nextAttemptAt ? { nextAttemptAt: state.nextAttemptAt } : {}),
        ...(state.sentAt ? { sentAt: state.sentAt } : {}),
      })
      .where(eq(pushDeliveries.id, id));
  },

  /** Deletes finished deliveries older than `before` (the `push.sweep` job). */
  async sweep(exec: Executor, before: Date): Promise<number> {
    const gone = await exec
      .delete(pushDeliveries)
      .where(
        and(
          inArray(pushDeliveries.status, ['sent', 'failed']),
          sql`${pushDeliveries.createdAt} < ${before.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: pushDeliveries.id });
    return gone.length;
  },
};
