import type { SessionStore } from './session-store';

/**
 * One sign-in for the browser session, not for one tab (spec: the login lasts the browser
 * session). The tabs of this origin share it over a BroadcastChannel, never through localStorage,
 * so it still ends with the browser session as sessionStorage does:
 *
 * - a tab that starts signed out asks the others (`hello`); one that is signed in answers with its
 *   token, and the new tab takes it (its user is fetched as after a reload);
 * - signing in in one tab signs in the others; signing out (or a 401: the shared token is dead)
 *   signs out all of them.
 */
export type SessionMessage =
  | { type: 'hello' }
  | { type: 'session'; token: string }
  | { type: 'login'; token: string }
  | { type: 'logout' };

export interface ChannelLike {
  postMessage(message: SessionMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export const SESSION_CHANNEL = 'ob.session';

export function syncSessionAcrossTabs(store: SessionStore, channel: ChannelLike): () => void {
  // A change heard from another tab is applied, not announced again.
  let applying = false;
  const apply = (change: () => void) => {
    applying = true;
    try {
      change();
    } finally {
      applying = false;
    }
  };

  channel.onmessage = (event) => {
    const m = event.data as Partial<SessionMessage> | null;
    if (!m || typeof m !== 'object') return;
    const now = store.getState();
    if (m.type === 'hello') {
      if (now.isLoggedIn && now.token) channel.postMessage({ type: 'session', token: now.token });
      return;
    }
    if ((m.type === 'session' || m.type === 'login') && typeof m.token === 'string' && m.token) {
      // An answer to `hello` fills an empty tab only; a new sign-in replaces what every tab has.
      if (m.type === 'session' && now.isLoggedIn) return;
      const token = m.token;
      apply(() => store.adopt(token));
      return;
    }
    if (m.type === 'logout' && now.isLoggedIn) apply(() => store.clearSession());
  };

  let last = store.getState();
  const unsubscribe = store.subscribe(() => {
    const now = store.getState();
    if (!applying) {
      if (now.isLoggedIn && now.token && now.token !== last.token) {
        channel.postMessage({ type: 'login', token: now.token });
      } else if (!now.isLoggedIn && last.isLoggedIn) {
        channel.postMessage({ type: 'logout' });
      }
    }
    last = now;
  });
  if (!store.getState().isLoggedIn) channel.postMessage({ type: 'hello' });
  return () => {
    unsubscribe();
    channel.onmessage = null;
    channel.close();
  };
}

/** The browser's channel, when it has one (every current browser does). */
export function browserSessionChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined'
    ? null
    : (new BroadcastChannel(SESSION_CHANNEL) as unknown as ChannelLike);
}
