import type {
  BidNftRequest,
  BuyNftRequest,
  ListMyNftQuery,
  ListMyNftResult,
  ListNftQuery,
  ListNftResult,
  NftDetail,
  NftItem,
} from '@openbourse/contracts/nfts.ts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, nextPage } from '@/shared/api/paged';
import { queryKeys } from '@/shared/api/query-keys';
import { API_BASE_PATH } from '@/shared/config/constants';
import { api } from '@/shared/lib/api-client';
import { noteServerTime } from '@/shared/lib/server-clock';
import { useSession } from '@/shared/session/use-session';
import { nftKeys } from './nft-keys';

export const NFT_PAGE_SIZE = 12;
export const MY_NFT_PAGE_SIZE = 10;
/** How often a live item is looked at again, so others' bids and a moved end appear. */
export const LIVE_REFRESH_MS = 5_000;

export type NftFilter = NonNullable<ListNftQuery['filter']>;
export type MyNftFilter = NonNullable<ListMyNftQuery['state']>;

/** An image URL from the API as given; a bare path is taken as below the customer API. */
export function apiUrl(url: string): string {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/') || url.startsWith('data:')) return url;
  return `${API_BASE_PATH}/${url}`;
}

/** An answer stamped with the server's clock: countdowns run on the server's time, not the device's. */
function stamped<T extends { serverTime?: number }>(result: T): T {
  if (typeof result.serverTime === 'number') noteServerTime(result.serverTime);
  return result;
}

/**
 * The items of a filter (and collection), a page at a time, with the collections, the charities and
 * the public donation total that come with every page (index/listNft, public; `mine` when signed in).
 */
export function useNftList(filter: NftFilter, collectionId: number | null) {
  const token = useSession((s) => s.token);
  const lang = useSession((s) => s.language);
  const query = useInfiniteQuery({
    queryKey: nftKeys.list(lang, token, filter, collectionId),
    queryFn: async ({ pageParam, signal }) =>
      stamped(
        (
          await api.get<ListNftResult>('index/listNft', {
            query: { filter, collectionId: collectionId ?? undefined, page: pageParam, size: NFT_PAGE_SIZE },
            signal,
          })
        ).result,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // The filters, collections and total stay on screen while another filter loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // Current bids and times move while people bid.
    refetchInterval: filter === 'sold' ? false : 30_000,
  });
  const items = useMemo(() => flattenPages<NftItem>(query.data?.pages), [query.data]);
  const first = query.data?.pages[0];
  return { ...query, items, meta: first ?? null };
}

/** One item with its bid history, collection and charity; refreshed every 5 s until it is settled. */
export function useNftDetail(id: number) {
  const token = useSession((s) => s.token);
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: nftKeys.detail(lang, token, id),
    queryFn: async ({ signal }) => stamped((await api.get<NftDetail>(`index/getNftById/${id}`, { signal })).result),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'live' || status === 'upcoming' || status === 'ended' ? LIVE_REFRESH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

/** The signed-in user's NFTs in one state (user/listNft), a page at a time. */
export function useMyNfts(state: MyNftFilter) {
  const token = useSession((s) => s.token);
  const lang = useSession((s) => s.language);
  const query = useInfiniteQuery({
    queryKey: nftKeys.mine(lang, token, state),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ListMyNftResult>('user/listNft', {
          query: { state, page: pageParam, size: MY_NFT_PAGE_SIZE },
          signal,
        })
      ).result,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    staleTime: 10_000,
    refetchInterval: state === 'bidding' || state === 'outbid' || state === 'all' ? 30_000 : false,
  });
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? []).flatMap((p) =>
      p.list.filter((row) => {
        if (seen.has(row.item.id)) return false;
        seen.add(row.item.id);
        return true;
      }),
    );
  }, [query.data]);
  return { ...query, rows };
}

interface BalanceRow {
  currency: string;
  available: string;
}

/**
 * What the account in use has available in `currency` (user/getBalances): bids and buys are held
 * from it. Its key sits under the balances' so every balance change refreshes it too.
 */
export function useAvailable(currency: string, enabled: boolean) {
  const token = useSession((s) => s.token);
  const mode = useSession((s) => s.accountMode);
  const query = useQuery({
    queryKey: [...queryKeys.balances, 'nfts', mode, token],
    queryFn: async ({ signal }) =>
      (await api.get<{ balances?: BalanceRow[] }>('user/getBalances', { signal })).result.balances ?? [],
    enabled: enabled && Boolean(token),
    staleTime: 5_000,
  });
  const row = query.data?.find((b) => b.currency === currency);
  return { available: query.data ? (row?.available ?? '0') : null, isPending: query.isPending };
}

/** After a bid or a buy: the item, the lists, my NFTs and the balances all moved. */
function useAfterNftChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: nftKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
  };
}

/** A bid, held from the real account until outbid (released) or won (donated). */
export function useBidNft() {
  const changed = useAfterNftChange();
  return useMutation({
    mutationFn: (body: BidNftRequest) => api.post<NftItem>('user/bidNft', body),
    onSettled: changed,
  });
}

/** Buy now at the price shown (msgCode 20004): paid to the charity at once. */
export function useBuyNft() {
  const changed = useAfterNftChange();
  return useMutation({
    mutationFn: (body: BuyNftRequest) => api.post<NftItem>('user/buyNft', body),
    onSettled: changed,
  });
}
