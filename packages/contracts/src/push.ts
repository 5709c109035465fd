import { z } from 'zod';

/**
 * Web push on the wire: the platform's VAPID public key, and a browser's push subscription
 * (PushSubscription.toJSON(): endpoint and keys) to store for the signed-in user or to forget.
 */

export const PushKeyResult = z.object({
  /** base64url uncompressed P-256 point: PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
});
export type PushKeyResult = z.infer<typeof PushKeyResult>;

const Endpoint = z.string({ error: 'E40001' }).min(8, { error: 'E40001' }).max(1000, { error: 'E40001' });

export const PushSubscribeRequest = z.object({
  endpoint: Endpoint,
  keys: z.object({
    p256dh: z.string({ error: 'E40001' }).max(200, { error: 'E40001' }),
    auth: z.string({ error: 'E40001' }).max(100, { error: 'E40001' }),
  }),
});
export type PushSubscribeRequest = z.input<typeof PushSubscribeRequest>;

export const PushUnsubscribeRequest = z.object({ endpoint: Endpoint });
export type PushUnsubscribeRequest = z.input<typeof PushUnsubscribeRequest>;

export const PushSubscribeResult = z.object({ subscribed: z.boolean() });
export type PushSubscribeResult = z.infer<typeof PushSubscribeResult>;

/** What the service worker receives in a push (and shows as a system notification). */
export interface PushMessage {
  /** The notification's public id. */
  id: number;
  title: string;
  body: string;
  /** The page of the app to open on click (a path of this site). */
  url: string;
}
