import type { FeeDiscount, ListLevelResult } from '@openbourse/contracts/levels.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** index/listLevel: the VIP table, and the signed-in user's level and progress (refetched on sign-in). */
export function useLevels() {
  const token = useSession((s) => s.token);
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: [...queryKeys.user, 'levels', token, lang],
    queryFn: async ({ signal }) => (await api.get<ListLevelResult>('index/listLevel', { signal })).result,
    staleTime: 60_000,
  });
}

/** The signed-in user's fee discount now (for a ticket that prices its fee itself), null when none. */
export function useMyFeeDiscount(): FeeDiscount | null {
  const mine = useLevels().data?.mine;
  if (!mine || mine.discount === '0') return null;
  return { level: mine.level, name: mine.name, discount: mine.discount };
}
