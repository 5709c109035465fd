import type { AreaCodeEntry } from '@openbourse/contracts/auth.ts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export async function listAreaCodes(signal?: AbortSignal): Promise<AreaCodeEntry[]> {
  const { result } = await api.get<AreaCodeEntry[]>('index/listAreaCodes', { signal });
  return result ?? [];
}

/** Country names come in the current language, so the language is part of the key. */
export function useAreaCodes({ enabled = true }: { enabled?: boolean } = {}) {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: queryKeys.areaCodes(lang),
    queryFn: ({ signal }) => listAreaCodes(signal),
    staleTime: 60 * 60_000,
    enabled,
  });
}

/** Case- and accent-insensitive match on the country name, its ISO code or the calling code. */
export function filterAreaCodes(entries: readonly AreaCodeEntry[], search: string): AreaCodeEntry[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(search.trim()).replace(/^\+/, '');
  if (!q) return [...entries];
  return entries.filter(
    (e) => fold(e.name).includes(q) || e.country.toLowerCase() === q || e.callingCode.startsWith(q),
  );
}
