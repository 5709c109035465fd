import type { Language } from '@openbourse/contracts/languages.ts';
import type { PushSubscribeRequest } from '@openbourse/contracts/push.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import { NOTIFICATION_TOPIC, type NotificationsService } from '../notifications/notifications.service.ts';
import { DEFAULT_PUSH, type PushOptions } from './push.config.ts';
import { checkEndpoint, checkKeys } from './push.endpoint.ts';
import { pushErrors } from './push.errors.ts';
import { loadVapidKeys, type VapidKeys } from './push.keys.ts';
import { createPushRelay } from './push.relay.ts';
import { pushRepository as repo } from './push.repository.ts';
import { createPushSender, type SendPush } from './push.sender.ts';

/** Subscribing is a few calls per browser and sign-in: 30 an hour per user is plenty. */
const SUBSCRIBE_RULE: LimitRule = { windowMs: 60 * 60_000, max: 30 };

/** Finished deliveries are kept a day (for the operator and tests), then swept. */
const KEEP_MS = 24 * 3_600_000;

/**
 * Web push: the platform's VAPID key, users' browser subscriptions, and a push for each new
 * notification. A notification's deliveries are queued in its own transaction (`onStored`) and
 * sent by the relay after the commit, never on a request's time.
 */
export function createPushService(deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'find' | 'onStored'>;
  events: Pick<Events, 'subscribe'>;
  limiter?: RateLimiter;
  log: { warn(obj: object, msg: string): void };
  options?: Partial<PushOptions>;
  /** Tests: a sender of their own (default: web-push encryption over fetch). */
  send?: SendPush;
}) {
  const { db, clock } = deps;
  const options: PushOptions = { ...DEFAULT_PUSH, ...deps.options };
  let keys: Promise<VapidKeys> | null = null;
  // The pair never changes once stored: read (or created) once per process.
  const vapid = () => {
    keys ??= loadVapidKeys(db, clock, { publicKey: options.vapidPublicKey, privateKey: options.vapidPrivateKey }).catch(
      (err: unknown) => {
        keys = null;
        throw err;
      },
    );
    return keys;
  };
  const send =
    deps.send ??
    createPushSender({
      vapid,
      subject: options.vapidSubject,
      timeoutMs: options.timeoutMs,
      ttlSeconds: options.ttlSeconds,
    });
  const relay = createPushRelay({ db, clock, notifications: deps.notifications, send, options, log: deps.log });

  deps.notifications.onStored((exec, n) => repo.enqueue(exec, n.userId, n.id, clock.now()));
  // Every process hears each committed notification; its relay looks for due pushes at once (the
  // claim lets one of them send each). Reads (`id` null) push nothing.
  deps.events.subscribe(NOTIFICATION_TOPIC, (message) => {
    if ((message.payload as { id: number | null }).id !== null) relay.kick();
  });

  return {
    async publicKey(): Promise<string> {
      return (await vapid()).publicKey;
    },

    /** Stores the browser's subscription for the user (an endpoint is one user's at a time). */
    async subscribe(
      userId: number,
      input: PushSubscribeRequest,
      ctx: { lang: Language; userAgent: string },
    ): Promise<{ subscribed: boolean }> {
      const endpoint = checkEndpoint(input.endpoint, options.extraHosts).href;
      const k = checkKeys(input.keys);
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`push:subscribe:${userId}`, SUBSCRIBE_RULE);
        if (!hit.allowed) throw pushErrors.tooMany();
      }
      const subscribed = await db.transaction(async (tx) => {
        const saved = await repo.upsert(tx, {
          userId,
          endpoint,
          p256dh: k.p256dh,
          auth: k.auth,
          lang: ctx.lang,
          userAgent: ctx.userAgent.slice(0, 300),
          createdAt: clock.now(),
        });
        await repo.trim(tx, userId, options.maxPerUser);
        return saved;
      });
      return { subscribed };
    },

    /** Forgets the user's subscription for this endpoint (another user's is not touched). Idempotent. */
    async unsubscribe(userId: number, endpoint: string): Promise<{ subscribed: boolean }> {
      await repo.remove(db, userId, endpoint);
      return { subscribed: false };
    },

    /** How many browsers the user gets pushes on (tests, the account centre). */
    count: (userId: number) => repo.count(db, userId),

    sweep: () => repo.sweep(db, new Date(clock.now().getTime() - KEEP_MS)),

    /** Loads (or creates) the key pair, then sends what is due now and every `pollMs`. */
    async start() {
      await vapid();
      relay.start();
    },
    stop: () => relay.stop(),
    /** Sends everything due now (tests). */
    drain: () => relay.drain(),
  };
}

export type PushService = ReturnType<typeof createPushService>;
