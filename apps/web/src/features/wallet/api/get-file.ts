import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE_PATH } from '@/shared/config/constants';
import { useSession } from '@/shared/session/use-session';
import { sessionHeaders } from '@/shared/lib/raw-request';

/** An uploaded image of the user's: served to its owner only, so fetched with the session's token. */
export async function getFile(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await globalThis.fetch(`${API_BASE_PATH}/file/${encodeURIComponent(id)}`, {
    headers: { ...sessionHeaders(), Accept: 'image/*' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(`file ${id}: ${response.status}`);
  }
  return response.blob();
}

/** An object URL of the user's own image (revoked when no longer shown); null while loading or failed. */
export function useFileUrl(id: string | null) {
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: ['files', id, token],
    queryFn: ({ signal }) => getFile(id as string, signal),
    enabled: Boolean(id && token),
    // A file never changes: fetched once while the page lives.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const blob = query.data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { url, isError: query.isError };
}
