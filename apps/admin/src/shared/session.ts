/**
 * The admin's session in this browser: the `adm_` token, its scope ('enrol' until TOTP is set up)
 * and who signed in. Kept in localStorage so a user opened in a new tab stays signed in; the server
 * ends it after ADMIN_SESSION_TTL_HOURS, on sign-out or when an owner revokes it.
 */
import type { Admin, AdminPermission } from '@openbourse/contracts/admin.ts';
import { useSyncExternalStore } from 'react';

export interface AdminSession {
  token: string;
  scope: 'full' | 'enrol';
  admin: Admin;
  /** What this admin's role may do (from /auth/me); empty until it has been read. */
  permissions: AdminPermission[];
}

const KEY = 'ob.admin.session';
type Listener = () => void;

function read(): AdminSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    return raw ? (JSON.parse(raw) as AdminSession) : null;
  } catch {
    return null;
  }
}

let current: AdminSession | null = read();
const listeners = new Set<Listener>();

export const sessionStore = {
  get: (): AdminSession | null => current,
  set(next: AdminSession | null): void {
    current = next;
    try {
      if (next) globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
      else globalThis.localStorage?.removeItem(KEY);
    } catch {
      // Private windows may refuse storage: the session then lasts as long as the page.
    }
    for (const l of listeners) l();
  },
  update(patch: Partial<AdminSession>): void {
    if (current) sessionStore.set({ ...current, ...patch });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): AdminSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Whether the signed-in admin may do this (the server checks again on every call). */
export function useCan(permission: AdminPermission): boolean {
  return useSession()?.permissions.includes(permission) ?? false;
}
