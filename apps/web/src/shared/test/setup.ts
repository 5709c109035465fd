import { cleanup, configure } from '@testing-library/react';
import './dom-matchers';
import { afterEach, beforeEach, vi } from 'vitest';
import { dismissToast } from '@/shared/components/toast/toast-store';
import { clearLiveQuotes } from '@/shared/lib/live-quotes';
import { sessionStore } from '@/shared/session/session-store';

// findBy*/waitFor wait up to 1 s by default: too short for lazy routes on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  sessionStore.reload();
  dismissToast();
  clearLiveQuotes();
  sessionStore.setWindow(1366, true);
  // jsdom does not scroll; the app scrolls to the top on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
