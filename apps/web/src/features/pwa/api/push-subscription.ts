import type { PushKeyResult, PushSubscribeResult } from '@openbourse/contracts/push.ts';
import { api } from '@/shared/lib/api-client';

/** The platform's VAPID public key (base64url), for PushManager.subscribe. */
export async function getPushKey(): Promise<string> {
  const { result } = await api.get<PushKeyResult>('push/publicKey');
  return result.publicKey;
}

/** Stores this browser's subscription for the signed-in user (pushes come in the request's language). */
export async function savePushSubscription(sub: PushSubscription): Promise<boolean> {
  const json = sub.toJSON();
  const { result } = await api.post<PushSubscribeResult>('push/subscribe', {
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return result.subscribed;
}

export async function forgetPushSubscription(endpoint: string): Promise<void> {
  await api.post<PushSubscribeResult>('push/unsubscribe', { endpoint });
}
