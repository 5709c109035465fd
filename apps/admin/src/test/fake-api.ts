/** Tests' fake admin API at `fetch`, and a signed-in console opened at a path. */
import { type AdminMe, AdminPermission, type AdminRole } from '@openbourse/contracts/admin.ts';
import { vi } from 'vitest';
import { sessionStore } from '@/shared/session';

export const ALL: AdminPermission[] = [...AdminPermission.options];

export function me(role: AdminRole, mine: AdminPermission[]): AdminMe {
  return {
    admin: {
      id: 7,
      email: `${role}@example.com`,
      name: `${role[0]?.toUpperCase()}${role.slice(1)} Admin`,
      role,
      status: 'active',
      totpRequired: false,
      totpEnabled: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    scope: 'full',
    permissions: { role, matrix: {}, mine },
  };
}

export const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'Success', result }), {
    headers: { 'Content-Type': 'application/json' },
  });

export const refused = (code: number, msg: string, field?: string) =>
  new Response(JSON.stringify({ code, msg, result: null, ...(field ? { field } : {}) }), {
    headers: { 'Content-Type': 'application/json' },
  });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Each path (under /swx/admin/, without the query) answers what `routes` says; anything else fails the test. */
export function serve(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname.replace('/swx/admin/', ''),
        query: url.searchParams,
        // An upload's form as it is; everything else is JSON.
        body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const handler = routes[call.path];
      if (!handler) throw new Error(`unexpected call ${call.path}`);
      return handler(call);
    }),
  );
  return calls;
}

export function signIn(m: AdminMe) {
  sessionStore.set({ token: 'adm_test', scope: 'full', admin: m.admin, permissions: m.permissions.mine });
}

/** jsdom's <dialog> cannot open as a modal: enough of one for the console's Dialog. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
