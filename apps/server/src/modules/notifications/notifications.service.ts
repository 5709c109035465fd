import { randomBytes } from 'node:crypto';
import type { Language } from '@openbourse/contracts/languages.ts';
import {
  type ListNotificationsResult,
  type Notification,
  type NotificationKind,
  type NotificationPush,
  type NotificationSubject,
  NOTIFICATION_KINDS,
} from '@openbourse/contracts/notifications.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import { notificationsRepository as repo } from './notifications.repository.ts';
import type { NotificationRow } from './notifications.tables.ts';
import { renderNotification } from './notifications.texts.ts';

/** The bus topic: a notification was stored (`id`) or some were read (`id` null). */
export const NOTIFICATION_TOPIC = 'notifications';

/** What a notification is about: one of the user's orders (by its public id), an instrument, or the account. */
export type NotificationTarget =
  | { type: 'order'; id: number; code: string; mode: 'real' | 'demo' }
  | { type: 'instrument'; id: number; code: string }
  | { type: 'deposit'; id: number }
  | { type: 'withdrawal'; id: number }
  | { type: 'loan'; id: number }
  | { type: 'smart'; id: number }
  | { type: 'nft'; id: number }
  | { type: 'account' };

export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  subject: NotificationTarget;
  /** The values the text needs (order number, price, P/L …), as strings. */
  params?: Record<string, string>;
}

/** Stores a notification in the caller's transaction (it exists if and only if its cause committed). */
export type Notify = (exec: Executor, input: NotificationInput) => Promise<void>;

/**
 * Called in the transaction that stored a notification (web push queues its deliveries there), so
 * what it writes exists if and only if the notification does.
 */
export type NotificationStored = (exec: Executor, stored: { userId: number; id: number }) => Promise<void>;

/** What notifications need of the events module. */
export type NotificationEvents = Pick<Events, 'write' | 'published' | 'subscribe'>;

/** 52 random bits above 2^52: 16 digits, exact as a JS number and in JSON. */
const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

const KINDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);

export interface NotificationsLog {
  warn(obj: object, msg: string): void;
}

export function createNotificationsService(deps: {
  db: Db;
  clock: Clock;
  events: NotificationEvents;
  log?: NotificationsLog;
  /** Public ids (default: random from the CSPRNG; a test may force a collision). */
  publicIds?: () => number;
}) {
  const { db, clock, events } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;
  const storedHooks: NotificationStored[] = [];

  const notify: Notify = async (exec, input) => {
    const { subject } = input;
    const params: Record<string, string> = { ...input.params };
    if (subject.type === 'order') Object.assign(params, { code: subject.code, mode: subject.mode });
    if (subject.type === 'instrument') params.code = subject.code;
    // A taken public id inserts nothing (no error, so the caller's transaction goes on): draw again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.insert(exec, {
        publicId: publicIds(),
        userId: input.userId,
        kind: input.kind,
        subjectType: subject.type,
        subjectId: subject.type === 'account' ? null : String(subject.id),
        params,
        createdAt: clock.now(),
      });
      if (row) {
        await events.write(exec, NOTIFICATION_TOPIC, { userId: input.userId, id: row.publicId });
        for (const hook of storedHooks) await hook(exec, { userId: input.userId, id: row.publicId });
        return;
      }
    }
    throw new Error('notifications: no free public id after 5 draws');
  };

  function view(row: NotificationRow, lang: Language): Notification {
    // A kind this version does not know (written by a newer one) cannot be rendered: skipped by list.
    const kind = row.kind as NotificationKind;
    const { title, body } = renderNotification(lang, kind, row.params);
    const order = row.subjectType === 'order' && row.subjectId !== null;
    const instrument = row.subjectType === 'instrument' && row.subjectId !== null;
    const subject: NotificationSubject = order
      ? {
          type: 'order',
          id: Number(row.subjectId),
          code: row.params.code ?? null,
          mode: row.params.mode === 'demo' ? 'demo' : row.params.mode === 'real' ? 'real' : null,
        }
      : instrument
        ? { type: 'instrument', id: Number(row.subjectId), code: row.params.code ?? null, mode: null }
        : (row.subjectType === 'deposit' ||
              row.subjectType === 'withdrawal' ||
              row.subjectType === 'loan' ||
              row.subjectType === 'smart' ||
              row.subjectType === 'nft') &&
            row.subjectId !== null
          ? { type: row.subjectType, id: Number(row.subjectId), code: null, mode: 'real' }
          : { type: 'account', id: null, code: null, mode: null };
    return {
      id: row.publicId,
      kind,
      title,
      body,
      subject,
      createdAt: row.createdAt.getTime(),
      read: row.readAt !== null,
    };
  }

  const unreadCount = (userId: number) => repo.unread(db, userId);

  return {
    notify,
    /** After the transaction that called `notify` has committed: push at once, not at the next poll. */
    published: () => events.published(),

    /** The user's notifications, newest first, titled in `lang`, with the unread count. */
    async list(userId: number, lang: Language, page: { page: number; size: number }): Promise<ListNotificationsResult> {
      const [rows, total, unread] = await Promise.all([
        repo.page(db, userId, page.page, page.size),
        repo.total(db, userId),
        repo.unread(db, userId),
      ]);
      return {
        list: rows.filter((r) => KINDS.has(r.kind)).map((r) => view(r, lang)),
        total,
        page: page.page,
        size: page.size,
        unread,
      };
    },

    unreadCount,

    /** Runs `hook` in the transaction of every notification stored from now on (web push). */
    onStored(hook: NotificationStored): void {
      storedHooks.push(hook);
    },

    /** The user's own notification by its public id, titled in `lang`; null if none (or another's, or unknown kind). */
    async find(userId: number, publicId: number, lang: Language): Promise<Notification | null> {
      const row = await repo.mine(db, userId, publicId);
      return row && KINDS.has(row.kind) ? view(row, lang) : null;
    },

    /**
     * Marks the user's own notifications read (ids of others' match nothing; read ones stay read):
     * idempotent. The user's other sockets hear the new count.
     */
    async markRead(userId: number, ids: readonly number[] | 'all'): Promise<{ marked: number; unread: number }> {
      const marked = await db.transaction(async (tx) => {
        const n = await repo.markRead(tx, userId, ids, clock.now());
        if (n > 0) await events.write(tx, NOTIFICATION_TOPIC, { userId, id: null });
        return n;
      });
      if (marked > 0) events.published();
      return { marked, unread: await unreadCount(userId) };
    },

    /**
     * Calls `listener` with each committed change of a user's notifications and their unread count
     * then, for the user's sockets in this process. Returns the unsubscribe function.
     */
    onPush(listener: (userId: number, push: NotificationPush) => void | Promise<void>): () => void {
      return events.subscribe(NOTIFICATION_TOPIC, (message) => {
        const { userId, id } = message.payload as { userId: number; id: number | null };
        unreadCount(userId)
          .then((unread) => listener(userId, { ch: 'notifications', id, unread }))
          .catch((err: unknown) =>
            deps.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'notifications: push failed'),
          );
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
