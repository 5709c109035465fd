import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/shared/lib/storage';
import { createSessionStore, STORAGE_KEYS } from './session-store';
import { type ChannelLike, type SessionMessage, syncSessionAcrossTabs } from './session-sync';

/** Channels of one origin: a message reaches every other open channel, never its sender (as BroadcastChannel). */
function createOrigin() {
  const open = new Set<ChannelLike>();
  const posted: SessionMessage[] = [];
  return {
    posted,
    channel(): ChannelLike {
      const ch: ChannelLike = {
        onmessage: null,
        postMessage(message) {
          posted.push(message);
          for (const other of open) if (other !== ch) other.onmessage?.({ data: structuredClone(message) });
        },
        close() {
          open.delete(ch);
        },
      };
      open.add(ch);
      return ch;
    },
  };
}

const user = { username: 'alice1' } as UserInfo;

function tab(origin: ReturnType<typeof createOrigin>, initial: Record<string, string> = {}) {
  const session = memoryStorage(initial);
  const store = createSessionStore({ session, local: memoryStorage() });
  const stop = syncSessionAcrossTabs(store, origin.channel());
  return { store, session, stop };
}

describe('one sign-in for the browser session, across tabs', () => {
  it('a new tab takes the sign-in of an open one', () => {
    const origin = createOrigin();
    const first = tab(origin, { [STORAGE_KEYS.token]: 'tok-1', [STORAGE_KEYS.loginFlag]: '1' });
    expect(first.store.getState().isLoggedIn).toBe(true);
    const second = tab(origin);
    expect(origin.posted).toContainEqual({ type: 'hello' });
    expect(second.store.getState()).toMatchObject({ isLoggedIn: true, token: 'tok-1', user: null });
    // Its own storage holds it too, so a reload of that tab keeps it.
    expect(second.session.get(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('signing in or out in one tab does it in the others, once', () => {
    const origin = createOrigin();
    const a = tab(origin);
    const b = tab(origin);
    a.store.logIn('tok-2', user);
    expect(b.store.getState()).toMatchObject({ isLoggedIn: true, token: 'tok-2' });
    b.store.clearSession();
    expect(a.store.getState().isLoggedIn).toBe(false);
    expect(a.session.get(STORAGE_KEYS.token)).toBeNull();
    // Each change was announced by the tab that made it only: no echo.
    expect(origin.posted.filter((m) => m.type === 'login')).toHaveLength(1);
    expect(origin.posted.filter((m) => m.type === 'logout')).toHaveLength(1);
  });

  it('an answer to hello never replaces a tab’s own sign-in, and junk is ignored', () => {
    const origin = createOrigin();
    const a = tab(origin, { [STORAGE_KEYS.token]: 'tok-a', [STORAGE_KEYS.loginFlag]: '1' });
    const stray = origin.channel();
    stray.postMessage({ type: 'session', token: 'tok-x' });
    expect(a.store.getState().token).toBe('tok-a');
    for (const junk of [null, 'x', { type: 'login' }, { type: 'login', token: 42 }, { type: 'nope' }]) {
      stray.postMessage(junk as unknown as SessionMessage);
    }
    expect(a.store.getState()).toMatchObject({ isLoggedIn: true, token: 'tok-a' });
    a.stop();
    stray.postMessage({ type: 'logout' });
    expect(a.store.getState().isLoggedIn).toBe(true);
  });
});
