import type { PinnedNotice } from '@openbourse/contracts/content.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** The notice an editor pinned to the home page (null when none), in the current language. */
export function usePinnedNotice() {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: [...queryKeys.content, 'pinned', lang],
    queryFn: async ({ signal }) => (await api.get<PinnedNotice>('index/getPinnedNotice', { signal })).result,
    staleTime: 60_000,
  });
}
