import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@openbourse/contracts/languages.ts';
import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { browserLocalStorage, browserSessionStorage, type KeyValueStorage } from '@/shared/lib/storage';

/** 1 = real account (default), 2 = demo account (DESIGN §4). */
export type AccountMode = 1 | 2;
export const REAL_ACCOUNT: AccountMode = 1;
export const DEMO_ACCOUNT: AccountMode = 2;

export interface SessionState {
  windowWidth: number;
  isDesktop: boolean;
  language: Language;
  token: string | null;
  isLoggedIn: boolean;
  user: UserInfo | null;
  accountMode: AccountMode;
  /** The mobile onboarding board; shown until Continue or Skip is used once. */
  showBoard: boolean;
}

/** Keys in sessionStorage (language, account mode, login flag, token) and localStorage (board). */
export const STORAGE_KEYS = {
  language: 'ob.lang',
  accountMode: 'ob.mode',
  loginFlag: 'ob.login',
  token: 'ob.token',
  boardSeen: 'ob.boardSeen',
} as const;

type Listener = () => void;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  setWindow(widthPx: number, isDesktop: boolean): void;
  setLanguage(language: Language): void;
  setAccountMode(mode: AccountMode): void;
  logIn(token: string, user: UserInfo): void;
  /** Takes a token signed in elsewhere (another tab of this browser session); the user is fetched. */
  adopt(token: string): void;
  setUser(user: UserInfo): void;
  /** Forgets the token, user and login flag (logout or a 401). Language and account mode stay. */
  clearSession(): void;
  dismissBoard(): void;
  /** Reads the board's "seen" flag, if that has not been done yet (see SessionStoreDeps.lazyBoard). */
  loadBoard(): void;
  /** Re-reads everything from storage (after storage was cleared, e.g. between tests). */
  reload(): void;
}

export interface SessionStoreDeps {
  session: KeyValueStorage;
  local: KeyValueStorage;
  initialWidthPx?: number;
  initialIsDesktop?: boolean;
  /**
   * Leave the board's flag in local storage unread (and the board hidden) until loadBoard(): the
   * first access to local storage can block for tens of milliseconds, and the first render does
   * not need the board.
   */
  lazyBoard?: boolean;
}

function readState(deps: SessionStoreDeps, windowWidth: number, isDesktop: boolean, board: boolean): SessionState {
  const { session, local } = deps;
  const storedLanguage = session.get(STORAGE_KEYS.language);
  const token = session.get(STORAGE_KEYS.token);
  // The flag alone is not enough: without a token nothing can be fetched for the user.
  const isLoggedIn = session.get(STORAGE_KEYS.loginFlag) === '1' && Boolean(token);
  return {
    windowWidth,
    isDesktop,
    language: isLanguage(storedLanguage) ? storedLanguage : DEFAULT_LANGUAGE,
    token: isLoggedIn ? token : null,
    isLoggedIn,
    user: null,
    accountMode: session.get(STORAGE_KEYS.accountMode) === '2' ? DEMO_ACCOUNT : REAL_ACCOUNT,
    showBoard: board && local.get(STORAGE_KEYS.boardSeen) !== '1',
  };
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { session, local } = deps;
  let boardLoaded = !deps.lazyBoard;
  let state = readState(deps, deps.initialWidthPx ?? 0, deps.initialIsDesktop ?? true, boardLoaded);
  const listeners = new Set<Listener>();

  const set = (patch: Partial<SessionState>) => {
    const next = { ...state, ...patch };
    const changed = (Object.keys(patch) as (keyof SessionState)[]).some((k) => next[k] !== state[k]);
    if (!changed) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setWindow(windowWidth, isDesktop) {
      set({ windowWidth, isDesktop });
    },
    setLanguage(language) {
      session.set(STORAGE_KEYS.language, language);
      set({ language });
    },
    setAccountMode(accountMode) {
      session.set(STORAGE_KEYS.accountMode, String(accountMode));
      set({ accountMode });
    },
    logIn(token, user) {
      session.set(STORAGE_KEYS.token, token);
      session.set(STORAGE_KEYS.loginFlag, '1');
      set({ token, user, isLoggedIn: true });
    },
    adopt(token) {
      if (state.token === token) return;
      session.set(STORAGE_KEYS.token, token);
      session.set(STORAGE_KEYS.loginFlag, '1');
      set({ token, user: null, isLoggedIn: true });
    },
    setUser(user) {
      if (state.isLoggedIn) set({ user });
    },
    clearSession() {
      session.remove(STORAGE_KEYS.token);
      session.remove(STORAGE_KEYS.loginFlag);
      set({ token: null, user: null, isLoggedIn: false });
    },
    dismissBoard() {
      boardLoaded = true;
      local.set(STORAGE_KEYS.boardSeen, '1');
      set({ showBoard: false });
    },
    loadBoard() {
      if (boardLoaded) return;
      boardLoaded = true;
      set({ showBoard: local.get(STORAGE_KEYS.boardSeen) !== '1' });
    },
    reload() {
      boardLoaded = true;
      set(readState(deps, state.windowWidth, state.isDesktop, true));
    },
  };
}

/** The app's one session. */
export const sessionStore = createSessionStore({
  session: browserSessionStorage,
  local: browserLocalStorage,
  lazyBoard: true,
});

/** The value of the `virtually` header for an account mode. */
export function virtuallyHeader(mode: AccountMode): 'YES' | 'NO' {
  return mode === DEMO_ACCOUNT ? 'YES' : 'NO';
}
