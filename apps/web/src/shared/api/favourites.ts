import type { FavouritesResult } from '@openbourse/contracts/watchlist.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/**
 * The user's favourite instruments (server-side, both accounts). Here rather than in
 * features/watchlist because the market list and the instrument view use them too (features do
 * not import each other). The answer of each change is the list after it.
 */
export const favouriteKeys = {
  all: ['watchlist', 'favourites'] as const,
  list: (token: string | null) => ['watchlist', 'favourites', token] as const,
};

export function listFavourites(signal?: AbortSignal) {
  return api.get<FavouritesResult>('user/listFavourite', { signal });
}

export function setFavourite(instrumentId: number, on: boolean) {
  return api.post<FavouritesResult>(on ? 'user/addFavourite' : 'user/removeFavourite', { instrumentId });
}

/** The favourites (none while signed out). */
export function useFavourites() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: favouriteKeys.list(token),
    queryFn: async ({ signal }) => (await listFavourites(signal)).result,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** The favourites' instrument ids, for sorting and stars (empty while signed out or loading). */
export function useFavouriteIds(): ReadonlySet<number> {
  const { data } = useFavourites();
  return useMemo(() => new Set(data?.list.map((f) => f.instrumentId) ?? []), [data]);
}

/**
 * Stars or unstars an instrument: the star turns at once (optimistic), the server's list replaces
 * the guess when it answers, and a refusal (the cap, 40029) puts the previous list back.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const key = favouriteKeys.list(token);
  return useMutation({
    mutationFn: async (v: { instrumentId: number; code: string; on: boolean }) =>
      (await setFavourite(v.instrumentId, v.on)).result,
    onMutate: async (v) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<FavouritesResult>(key);
      if (previous) {
        const others = previous.list.filter((f) => f.instrumentId !== v.instrumentId);
        const list = v.on ? [...others, { instrumentId: v.instrumentId, code: v.code, addedAt: Date.now() }] : others;
        client.setQueryData<FavouritesResult>(key, { ...previous, list });
      }
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (result) => client.setQueryData(key, result),
  });
}

/** Favourites first, each group in the order given (the market's own). */
export function favouritesFirst<T extends { id: number }>(items: readonly T[], favourites: ReadonlySet<number>): T[] {
  if (favourites.size === 0) return [...items];
  return [...items.filter((i) => favourites.has(i.id)), ...items.filter((i) => !favourites.has(i.id))];
}
