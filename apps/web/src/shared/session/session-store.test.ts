import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/shared/lib/storage';
import { createSessionStore, DEMO_ACCOUNT, REAL_ACCOUNT, STORAGE_KEYS, virtuallyHeader } from './session-store';
import { demoUser } from '@/shared/test/render-app';

function setup(initial: Record<string, string> = {}, local: Record<string, string> = {}) {
  const session = memoryStorage(initial);
  const localStore = memoryStorage(local);
  return { session, local: localStore, store: createSessionStore({ session, local: localStore }) };
}

describe('session store', () => {
  it('starts logged out, in English, on the real account, with the board to show', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({
      language: 'en',
      isLoggedIn: false,
      token: null,
      user: null,
      accountMode: REAL_ACCOUNT,
      showBoard: true,
    });
  });

  it('persists language, account mode, login flag and token in session storage', () => {
    const { store, session } = setup();
    store.setLanguage('ar');
    store.setAccountMode(DEMO_ACCOUNT);
    store.logIn('tok', demoUser);
    expect(session.get(STORAGE_KEYS.language)).toBe('ar');
    expect(session.get(STORAGE_KEYS.accountMode)).toBe('2');
    expect(session.get(STORAGE_KEYS.loginFlag)).toBe('1');
    expect(session.get(STORAGE_KEYS.token)).toBe('tok');
  });

  it('restores the session from storage (the user is fetched again)', () => {
    const { store } = setup({ 'ob.lang': 'ja', 'ob.mode': '2', 'ob.login': '1', 'ob.token': 'tok' });
    expect(store.getState()).toMatchObject({
      language: 'ja',
      accountMode: DEMO_ACCOUNT,
      isLoggedIn: true,
      token: 'tok',
      user: null,
    });
  });

  it('ignores a login flag without a token and an unknown language', () => {
    const { store } = setup({ 'ob.login': '1', 'ob.lang': 'xx' });
    expect(store.getState().isLoggedIn).toBe(false);
    expect(store.getState().language).toBe('en');
  });

  it('clearSession (logout or 401) drops token, user and flag but keeps language and mode', () => {
    const { store, session } = setup();
    store.setLanguage('de');
    store.setAccountMode(DEMO_ACCOUNT);
    store.logIn('tok', demoUser);
    store.clearSession();
    expect(store.getState()).toMatchObject({
      isLoggedIn: false,
      token: null,
      user: null,
      language: 'de',
      accountMode: DEMO_ACCOUNT,
    });
    expect(session.get(STORAGE_KEYS.token)).toBeNull();
    expect(session.get(STORAGE_KEYS.loginFlag)).toBeNull();
  });

  it('can leave the board flag unread until it is needed', () => {
    const local = memoryStorage({ 'ob.boardSeen': '1' });
    const reads: string[] = [];
    const spy = {
      ...local,
      get: (key: string) => {
        reads.push(key);
        return local.get(key);
      },
    };
    const fresh = createSessionStore({ session: memoryStorage(), local: spy, lazyBoard: true });
    expect(fresh.getState().showBoard).toBe(false);
    expect(reads).toEqual([]);
    fresh.loadBoard();
    expect(reads).toEqual([STORAGE_KEYS.boardSeen]);
    expect(fresh.getState().showBoard).toBe(false);

    const unseen = createSessionStore({ session: memoryStorage(), local: memoryStorage(), lazyBoard: true });
    unseen.loadBoard();
    expect(unseen.getState().showBoard).toBe(true);
    unseen.dismissBoard();
    unseen.loadBoard();
    expect(unseen.getState().showBoard).toBe(false);
  });

  it('remembers a dismissed onboarding board across sessions (local storage)', () => {
    const { store, local } = setup();
    store.dismissBoard();
    expect(store.getState().showBoard).toBe(false);
    expect(local.get(STORAGE_KEYS.boardSeen)).toBe('1');
    expect(setup({}, { 'ob.boardSeen': '1' }).store.getState().showBoard).toBe(false);
  });

  it('notifies subscribers only on a change', () => {
    const { store } = setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.setLanguage('fr');
    store.setLanguage('fr');
    store.setWindow(390, false);
    unsubscribe();
    store.setLanguage('it');
    expect(calls).toBe(2);
  });

  it('does not attach a user when logged out', () => {
    const { store } = setup();
    store.setUser(demoUser);
    expect(store.getState().user).toBeNull();
  });

  it('maps the account mode to the virtually header', () => {
    expect(virtuallyHeader(REAL_ACCOUNT)).toBe('NO');
    expect(virtuallyHeader(DEMO_ACCOUNT)).toBe('YES');
  });
});
