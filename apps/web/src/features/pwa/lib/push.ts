import { forgetPushSubscription, getPushKey, savePushSubscription } from '../api/push-subscription';
import { currentRegistration } from './service-worker';

/** on: pushes come to this browser; off: they could; blocked: the user refused in the browser; unsupported: no web push here. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function pushManager(): Promise<PushManager | null> {
  if (!pushSupported()) return null;
  const reg = await currentRegistration();
  return reg?.pushManager ?? null;
}

export async function readPushState(): Promise<PushState> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const sub = await manager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const KEY_STORE = 'ob.push.lang';

/**
 * Turns pushes on: asks the browser's permission (this runs on the user's click only), subscribes
 * with the platform's key and stores the subscription for the signed-in user in the app's language.
 */
export async function enablePush(language: string): Promise<PushState> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const key = await getPushKey();
  let sub = await manager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot be used: replace it.
  const current = sub?.options.applicationServerKey;
  if (sub && current && base64url(current) !== key) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(key) });
  await savePushSubscription(sub);
  localStorage.setItem(KEY_STORE, language);
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const sub = await manager.getSubscription();
  if (sub) {
    await forgetPushSubscription(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/** After a language change: pushes follow the app's language (the server stores it per subscription). */
export async function syncPushLanguage(language: string): Promise<void> {
  if ((await readPushState()) !== 'on' || localStorage.getItem(KEY_STORE) === language) return;
  const sub = await (await pushManager())?.getSubscription();
  if (!sub) return;
  await savePushSubscription(sub);
  localStorage.setItem(KEY_STORE, language);
}

/**
 * On sign-out: this browser stops receiving the account's pushes. Without a session the server
 * cannot be told, so the browser's subscription is dropped; the push service then answers "gone"
 * and the server deletes it.
 */
export async function dropPushOnSignOut(): Promise<void> {
  const sub = await (await pushManager())?.getSubscription();
  await sub?.unsubscribe();
  localStorage.removeItem(KEY_STORE);
}

function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function base64url(buffer: ArrayBuffer): string {
  let bin = '';
  for (const b of new Uint8Array(buffer)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
