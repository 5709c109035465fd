import type { Quote } from '@openbourse/contracts/market.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

/** 1 forex and metals, 2 crypto, 3 stocks, 4 futures, 5 ETFs (contracts MARKET_TYPES). */
export type MarketTypeCode = 1 | 2 | 3 | 4 | 5;

export async function listMarketByType(type: MarketTypeCode, signal?: AbortSignal): Promise<Quote[]> {
  const { result } = await api.get<Quote[]>('index/listMarketByType', { query: { type }, signal });
  return result ?? [];
}

export const marketListQuery = (type: MarketTypeCode) =>
  queryOptions({
    queryKey: ['market', 'list', type],
    queryFn: ({ signal }) => listMarketByType(type, signal),
    staleTime: 30_000,
  });

/** The market types in the order of /market?type= (spec §3). */
export const MARKET_TYPE_CODES = { forex: 1, crypto: 2, stocks: 3, futures: 4, etf: 5 } as const;

/** The type /market?type=… shows first (forex without one), or null when an instrument picks it or it is the spot view. */
export function marketTypeOfSearch(search: string): MarketTypeCode | null {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  if (type && Object.hasOwn(MARKET_TYPE_CODES, type)) return MARKET_TYPE_CODES[type as keyof typeof MARKET_TYPE_CODES];
  // The spot view lists pairs, not instruments; an instrument's own page names no list.
  if (type === 'spot') return null;
  return params.get('id') ? null : 1;
}

/** The instruments of one type with their quotes; live ticks on /message refine them in between. */
export function useMarketList(type: MarketTypeCode) {
  return useQuery({ ...marketListQuery(type), refetchInterval: 60_000 });
}
