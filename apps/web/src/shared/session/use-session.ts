import { useSyncExternalStore } from 'react';
import { type SessionState, sessionStore } from './session-store';

/** Subscribes to one slice of the session; the component re-renders only when that slice changes. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(sessionStore.getState()),
    () => select(sessionStore.getState()),
  );
}
