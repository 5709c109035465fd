import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sessionHeaders, uploadFile } from '@/shared/lib/raw-request';

/** Uploads a chat image (`purpose=chat`); refusals as uploadFile's (40018 not an image, 40019 too large). */
export async function uploadChatImage(file: Blob): Promise<{ id: string; url: string }> {
  const { id, url } = await uploadFile(file, 'chat');
  return { id, url };
}

/** A private image (a chat attachment) fetched with the session: an <img> cannot send the token. */
async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await globalThis.fetch(url, { headers: sessionHeaders(), credentials: 'same-origin', signal });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) throw new Error(`image ${response.status}`);
  return response.blob();
}

/** An object URL for a blob, revoked when it changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The image at `url` (a data: or blob: URL as is; a server one fetched with the session). */
export function usePrivateImage(url: string | null): { src: string | null; failed: boolean } {
  const local = url !== null && /^(blob:|data:)/.test(url);
  const query = useQuery({
    queryKey: ['support', 'image', url],
    queryFn: ({ signal }) => fetchPrivateImage(url as string, signal),
    enabled: url !== null && !local,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const objectUrl = useObjectUrl(query.data);
  return { src: local ? url : objectUrl, failed: query.isError };
}
