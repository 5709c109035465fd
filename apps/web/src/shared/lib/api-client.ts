import { ApiError, createApiClient } from '@openbourse/client';
import { API_BASE_PATH, REQUEST_TIMEOUT_MS } from '@/shared/config/constants';
import { errorText, errorTextOf } from '@/shared/i18n/i18n';
import { sessionStore, virtuallyHeader } from '@/shared/session/session-store';

export type {
  ApiClient,
  ApiClientDeps,
  ApiErrorKind,
  ApiSuccess,
  RequestOptions,
  SessionSnapshot,
} from '@openbourse/client';
export { ApiError, buildQuery, createApiClient } from '@openbourse/client';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The app decides where a 401 leads (the login page); the client only clears the session. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  basePath: API_BASE_PATH,
  timeoutMs: REQUEST_TIMEOUT_MS,
  getSession: () => {
    const s = sessionStore.getState();
    return { language: s.language, token: s.token, headers: { virtually: virtuallyHeader(s.accountMode) } };
  },
  onUnauthorized() {
    sessionStore.clearSession();
    unauthorizedHandler();
  },
  errorText: (code) => errorTextOf(code),
});

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return errorText('unknown');
}
