import type { ContentDetail } from '@openbourse/contracts/content.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The server looks an item up by its numeric id or by its slug ("terms"). */
export type ContentRef = number | string;

const REF_PATTERN = /^(\d{1,9}|[a-z0-9][a-z0-9-]{0,63})$/i;

/** A usable reference from a query parameter, or null. */
export function parseContentRef(value: string | null): ContentRef | null {
  const v = value?.trim() ?? '';
  if (!REF_PATTERN.test(v)) return null;
  return /^\d+$/.test(v) ? (Number(v) > 0 ? Number(v) : null) : v.toLowerCase();
}

export async function getContent(ref: ContentRef, signal?: AbortSignal): Promise<ContentDetail> {
  const { result } = await api.get<ContentDetail>(`index/getContentsById/${encodeURIComponent(String(ref))}`, {
    signal,
  });
  return result;
}

export function useContent(ref: ContentRef | null, { enabled = true }: { enabled?: boolean } = {}) {
  const lang = useSession((s) => s.language);
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.contentItem(ref ?? '', lang),
      queryFn: ({ signal }) => getContent(ref ?? '', signal),
      staleTime: 10 * 60_000,
    }),
    enabled: enabled && ref !== null,
  });
}
