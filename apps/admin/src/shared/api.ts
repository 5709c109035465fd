/** The admin API client: the shared typed client over `/swx/admin`, English texts, this session. */
import { ApiError, createApiClient } from '@openbourse/client';
import errors from '@openbourse/locales/messages/en/errors.json';
import { sessionStore } from './session';

const texts = errors as Record<string, string>;

export function errorText(code: number | string): string {
  return texts[String(code)] ?? texts.unknown ?? 'Unknown error';
}

export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  basePath: '/swx/admin',
  timeoutMs: 30_000,
  getSession: () => ({ language: 'en', token: sessionStore.get()?.token ?? null }),
  onUnauthorized: () => sessionStore.set(null),
  errorText,
});

export { ApiError };

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : errorText('unknown');
}

/**
 * A private file of the admin API (`files/:id`: a deposit proof, a KYC photo) as bytes: an <img>
 * cannot send the session's bearer token, so the page fetches it and shows an object URL.
 */
export async function fetchAdminFile(id: string, variant?: 'original', signal?: AbortSignal): Promise<Blob> {
  const token = sessionStore.get()?.token;
  const query = variant ? `?variant=${variant}` : '';
  let response: Response;
  try {
    response = await globalThis.fetch(`/swx/admin/files/${encodeURIComponent(id)}${query}`, {
      headers: token ? { Authorization: token, lang: 'en' } : { lang: 'en' },
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, errorText('unknown'), 'network');
  }
  // A refusal is the usual envelope; the file itself is the bytes.
  if (response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  const code = envelope?.code ?? response.status;
  if (code === 401) {
    sessionStore.set(null);
    throw new ApiError(401, errorText(401), 'unauthorized');
  }
  throw new ApiError(code, envelope?.msg?.trim() ? envelope.msg : errorText(code), 'server');
}
