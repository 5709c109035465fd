import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: RecordedCall) => unknown | Promise<unknown>;

/** An envelope answer with HTTP 200. */
export const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({
  code: 200,
  msg: 'Success',
  result,
  ...extra,
});
export const fail = (code: number, msg: string, extra: Record<string, unknown> = {}) => ({
  code,
  msg,
  result: null,
  ...extra,
});

/** Stands in for the server: handlers keyed by "METHOD path" (path below /swx/customer/). */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/swx\/customer\//, '');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`] ?? matchPattern(handlers, call);
    const payload = handler ? await handler(call) : fail(40401, 'This service does not exist');
    if (payload instanceof Response) return payload;
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Keys may end in "*" to match a path prefix (e.g. "GET index/getParamByKey/*"). */
function matchPattern(handlers: Record<string, Handler>, call: RecordedCall): Handler | undefined {
  for (const [key, handler] of Object.entries(handlers)) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (`${call.method} ${call.path}`.startsWith(prefix)) return handler;
  }
  return undefined;
}
