/**
 * The typed client of the platform's HTTP APIs (customer and admin): the `{ code, msg, result }`
 * envelope, catalogue errors as `ApiError`, timeouts and cancellation. What a session is, where a
 * 401 leads and how codes read are the app's: they come in as `ApiClientDeps`.
 */
import type { Envelope, ErrorCode } from '@openbourse/contracts/errors.ts';

export type ApiErrorKind = 'server' | 'unauthorized' | 'timeout' | 'network' | 'http';

/** A failed call. `message` is always a text fit to show the user, in their language. */
export class ApiError extends Error {
  readonly code: number;
  readonly kind: ApiErrorKind;
  readonly field: string | undefined;

  constructor(code: number, message: string, kind: ApiErrorKind, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.kind = kind;
    this.field = field;
  }

  /** Whether the server answered one of these catalogue codes (named, never bare numbers). */
  is(...codes: ErrorCode[]): boolean {
    return (codes as number[]).includes(this.code);
  }
}

export interface ApiSuccess<T> {
  result: T;
  /** The server's text for the success (e.g. "Changes saved" for msgCode 20005). */
  msg: string;
  msgCode: number | undefined;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface SessionSnapshot {
  /** Sent as the `lang` header: the server answers messages in it. */
  language: string;
  token: string | null;
  /** Extra headers of the app's (the customer app's `virtually` account mode). */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  basePath: string;
  timeoutMs: number;
  getSession(): SessionSnapshot;
  /** A 401 (HTTP or code): the session is over. */
  onUnauthorized(): void;
  /** Text for a catalogue code, or the unknown-error text. */
  errorText(code: number | string): string;
}

/** GET array parameters travel as repeated keys (`?ids=1&ids=2`). */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

const TIMEOUT = Symbol('timeout');

export function createApiClient(deps: ApiClientDeps) {
  const unauthorized = () => {
    deps.onUnauthorized();
    return new ApiError(401, deps.errorText(401), 'unauthorized');
  };

  async function request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<ApiSuccess<T>> {
    const session = deps.getSession();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      lang: session.language,
      ...session.headers,
    };
    if (session.token) headers.Authorization = session.token;
    let body: string | undefined;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body ?? {});
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMEOUT), opts.timeoutMs ?? deps.timeoutMs);
    const onAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) controller.abort(opts.signal.reason);
    else opts.signal?.addEventListener('abort', onAbort, { once: true });

    const url = `${deps.basePath}/${path.replace(/^\//, '')}${buildQuery(opts.query)}`;
    let status: number;
    let payload: unknown;
    try {
      const response = await deps.fetch(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      status = response.status;
      payload = await response.json().catch(() => undefined);
    } catch (error) {
      if (controller.signal.reason === TIMEOUT) throw new ApiError(0, deps.errorText('timeout'), 'timeout');
      // Cancelled by the caller (e.g. TanStack Query dropping a stale request): not the user's concern.
      if (opts.signal?.aborted) throw error;
      throw new ApiError(0, deps.errorText('unknown'), 'network');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    if (status === 401 || (isEnvelope(payload) && payload.code === 401)) throw unauthorized();
    if (!isEnvelope(payload)) {
      throw new ApiError(status, deps.errorText('unknown'), 'http');
    }
    if (payload.code !== 200) {
      const message = payload.msg?.trim() ? payload.msg : deps.errorText(payload.code);
      throw new ApiError(payload.code, message, status >= 200 && status < 300 ? 'server' : 'http', payload.field);
    }
    return { result: payload.result as T, msg: payload.msg ?? '', msgCode: payload.msgCode };
  }

  return {
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...opts, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
