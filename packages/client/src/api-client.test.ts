import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClientDeps, buildQuery, createApiClient, type SessionSnapshot } from './api-client.ts';

function client(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  session: Partial<SessionSnapshot> = {},
) {
  const onUnauthorized = vi.fn();
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(respond(String(input), init ?? {})),
  );
  const deps: ApiClientDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    basePath: '/swx/customer',
    timeoutMs: 90_000,
    getSession: () => ({ language: 'en', token: null, headers: { virtually: 'NO' }, ...session }),
    onUnauthorized,
    errorText: (code) => (code === 'timeout' ? 'TIMEOUT TEXT' : code === 'unknown' ? 'UNKNOWN TEXT' : `TEXT ${code}`),
  };
  return { api: createApiClient(deps), fetchMock, onUnauthorized };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it("sends lang, the app's headers and (when logged in) Authorization", async () => {
    const { api, fetchMock } = client(() => json({ code: 200, msg: 'Success', result: 1 }), {
      language: 'ar',
      token: 'tok',
      headers: { virtually: 'YES' },
    });
    await api.get('user/getBalances');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/swx/customer/user/getBalances');
    expect(init.headers).toMatchObject({ lang: 'ar', virtually: 'YES', Authorization: 'tok' });
  });

  it("sends the app's headers and no Authorization when logged out", async () => {
    const { api, fetchMock } = client(() => json({ code: 200, msg: '', result: null }));
    await api.post('login/login', { username: 'a', password: 'b' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toMatchObject({ virtually: 'NO', 'Content-Type': 'application/json' });
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'a', password: 'b' });
  });

  it('returns result, msg and msgCode of a success', async () => {
    const { api } = client(() => json({ code: 200, msg: 'Changes saved', msgCode: 20005, result: null }));
    await expect(api.post('user/repassword', {})).resolves.toEqual({
      result: null,
      msg: 'Changes saved',
      msgCode: 20005,
    });
  });

  it("throws the server's translated message and field for other codes", async () => {
    const { api } = client(() => json({ code: 10089, msg: 'Please wait', field: 'email', result: null }));
    const error = await api.post('login/sendCode', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 10089, message: 'Please wait', kind: 'server', field: 'email' });
  });

  it('falls back to the catalogue text when the message is empty', async () => {
    const { api } = client(() => json({ code: 10091, msg: '', result: null }));
    await expect(api.get('x')).rejects.toMatchObject({ message: 'TEXT 10091' });
  });

  it('shows the unknown-error text for an answer that is not an envelope', async () => {
    const { api } = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('x')).rejects.toMatchObject({ message: 'UNKNOWN TEXT', kind: 'http', code: 502 });
  });

  it('clears the session on HTTP 401', async () => {
    const { api, onUnauthorized } = client(() => json({ code: 401, msg: 'expired', result: null }, 401));
    await expect(api.get('user/getBalances')).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('clears the session on code 401 inside an HTTP 200', async () => {
    const { api, onUnauthorized } = client(() => json({ code: 401, msg: 'expired', result: null }));
    await expect(api.get('user/getBalances')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('gives up after 90 seconds with the timeout text', async () => {
    vi.useFakeTimers();
    const { api } = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('index/getHomeStats').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(89_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', message: 'TIMEOUT TEXT' });
  });

  it('passes a caller abort through untouched', async () => {
    const { api } = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('reports a network failure with the unknown-error text', async () => {
    const { api } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('x')).rejects.toMatchObject({ kind: 'network', message: 'UNKNOWN TEXT' });
  });
});

describe('buildQuery', () => {
  it('repeats keys for arrays and skips empty values', () => {
    expect(buildQuery({ ids: [1, 2], q: 'a b', empty: '', none: undefined })).toBe('?ids=1&ids=2&q=a+b');
    expect(buildQuery({})).toBe('');
  });
});
