import { isLanguage } from '@openbourse/contracts/languages.ts';
import type { Notification } from '@openbourse/contracts/notifications.ts';
import type { PushMessage } from '@openbourse/contracts/push.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDrainLoop } from '../../lib/drain-loop.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PushOptions } from './push.config.ts';
import { type ClaimedDelivery, pushRepository as repo } from './push.repository.ts';
import type { SendPush } from './push.sender.ts';

/**
 * The page a push opens: the notification's subject, as the web app's notification list links it
 * (apps/web features/notifications subjectLink; kept in step by push.relay.test.ts).
 */
export function pushLink(n: Pick<Notification, 'subject' | 'kind'>): string {
  if (n.kind === 'kycVerified' || n.kind === 'kycFailed') return '/profile/verify';
  if ((n.kind as string) === 'inviteReward') return '/profile/invite';
  if (n.subject.type === 'deposit' || n.subject.type === 'withdrawal') return '/profile/balance';
  if (n.subject.type === 'loan') return '/loan';
  if (n.subject.type === 'smart') return '/trading';
  if (n.subject.type === 'nft') return n.subject.id ? `/nfts/${n.subject.id}` : '/nfts';
  if ((n.subject.type === 'order' || n.subject.type === 'instrument') && n.subject.code) {
    return `/market?id=${encodeURIComponent(n.subject.code)}`;
  }
  return '/profile/notification';
}

/**
 * Sends the queued pushes after their notifications committed: claims due deliveries (FOR UPDATE
 * SKIP LOCKED, so every process may run a relay and each delivery is taken by one at a time),
 * renders the notification in the subscription's language for the delivery's user (the
 * subscription must still be that user's), and records the outcome: sent, retried with backoff,
 * failed, or the subscription deleted when the push service says it is gone (404/410). At least
 * once: a relay dying between sending and recording sends again after the claim lapses.
 */
export function createPushRelay(deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'find'>;
  send: SendPush;
  options: Pick<PushOptions, 'pollMs' | 'batch' | 'claimMs' | 'backoffMs'>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, clock, options } = deps;

  async function deliver(d: ClaimedDelivery, sub: Awaited<ReturnType<typeof repo.byIds>>[number] | undefined) {
    const fail = (error: string) => repo.record(db, d.id, { status: 'failed', error });
    // Deleted meanwhile (its deliveries with it) or moved to another user: never sent.
    if (!sub || sub.userId !== d.userId) return sub ? fail('subscription belongs to another user now') : undefined;
    const lang = isLanguage(sub.lang) ? sub.lang : 'en';
    const n = await deps.notifications.find(d.userId, d.notificationId, lang);
    if (!n) return fail('notification not found');
    const message: PushMessage = { id: n.id, title: n.title, body: n.body, url: pushLink(n) };
    const outcome = await deps.send(sub, JSON.stringify(message));
    switch (outcome.kind) {
      case 'sent':
        return repo.record(db, d.id, { status: 'sent', error: null, sentAt: clock.now() });
      case 'gone':
        // The browser unsubscribed or expired: the subscription and its deliveries go.
        return repo.removeById(db, sub.id);
      case 'failed':
        deps.log.warn({ delivery: d.id, error: outcome.error }, 'push: refused by the push service');
        return fail(outcome.error);
      case 'retry': {
        const wait = options.backoffMs[d.attempts - 1];
        if (wait === undefined) return fail(outcome.error);
        return repo.record(db, d.id, {
          status: 'queued',
          error: outcome.error,
          nextAttemptAt: new Date(clock.now().getTime() + wait),
        });
      }
    }
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await repo.claim(db, clock.now(), options.claimMs, options.batch);
      const subs = new Map(
        (await repo.byIds(db, [...new Set(batch.map((d) => d.subscriptionId))])).map((s) => [s.id, s]),
      );
      // The batch's pushes go out together: one slow push service does not hold the others.
      await Promise.all(
        batch.map((d) =>
          deliver(d, subs.get(d.subscriptionId)).catch((err: unknown) =>
            deps.log.warn(
              { delivery: d.id, err: err instanceof Error ? err.message : String(err) },
              'push: delivery failed',
            ),
          ),
        ),
      );
      total += batch.length;
      if (batch.length < options.batch) return total;
    }
  }

  const loop = createDrainLoop({
    pollMs: options.pollMs,
    work: drainOnce,
    onError: (err) =>
      deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'push: relay failed; will retry'),
  });
  return { kick: loop.kick, drain: loop.drain, start: loop.start, stop: loop.stop };
}
