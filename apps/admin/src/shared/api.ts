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
