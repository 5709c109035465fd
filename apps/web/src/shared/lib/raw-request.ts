import type { Envelope } from '@openbourse/contracts/errors.ts';
import { API_BASE_PATH, REQUEST_TIMEOUT_MS } from '@/shared/config/constants';
import { errorTextOf } from '@/shared/i18n/i18n';
import { ApiError } from '@/shared/lib/api-client';
import { sessionStore, virtuallyHeader } from '@/shared/session/session-store';

/**
 * For the calls the shared API client does not make (it speaks JSON only): uploads, and files
 * fetched with the session (images, PDFs, CSV exports).
 */

/** The session's headers, as the shared API client sends them. */
export function sessionHeaders(): Record<string, string> {
  const s = sessionStore.getState();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    lang: s.language,
    virtually: virtuallyHeader(s.accountMode),
  };
  if (s.token) headers.Authorization = s.token;
  return headers;
}

/** What the files module answers for an upload (apps/server/src/modules/files/files.routes.ts). */
export interface UploadedFile {
  id: string;
  purpose: string;
  mime: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
  url: string;
}

/**
 * Uploads an image (multipart: `purpose`, then `file`). The server checks the content, not the name:
 * a non-image answers 40018, over 2 MB 40019, both with `field: file`; its `msg` is in the user's language.
 */
export async function uploadFile(file: Blob, purpose: 'deposit-proof' | 'kyc' | 'chat'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  let payload: Envelope<UploadedFile> | undefined;
  let status: number;
  try {
    const response = await globalThis.fetch(`${API_BASE_PATH}/file/upload`, {
      method: 'POST',
      headers: sessionHeaders(),
      body: form,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    payload = await response.json().catch(() => undefined);
  } catch {
    throw new ApiError(0, errorTextOf('unknown'), 'network');
  }
  if (status === 401 || payload?.code === 401) {
    sessionStore.clearSession();
    throw new ApiError(401, errorTextOf(401), 'unauthorized');
  }
  if (!payload || typeof payload.code !== 'number') throw new ApiError(status, errorTextOf('unknown'), 'http');
  if (payload.code !== 200) {
    throw new ApiError(payload.code, payload.msg?.trim() || errorTextOf(payload.code), 'server', payload.field);
  }
  return payload.result as UploadedFile;
}
