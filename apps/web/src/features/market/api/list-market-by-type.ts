import type { Quote } from '@openbourse/contracts/market.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

/** 1 forex and metals, 2 crypto, 3 stocks, 4 futures, 5 ETFs (contracts MARKET_TYPES). */
export type MarketTypeCode = 1 | 2 | 3 | 4 | 5;

export async function listMarketByType(type: MarketTypeCode, signal?: AbortSignal): Promise<Quote[]> {
  const { result } = await api.get<Quote[]>('index/listMarketByType', { query: { type }, signal });
  return result ?? [];
}

/** The instruments of one type with their quotes; live ticks on /message refine them in between. */
export function useMarketList(type: MarketTypeCode) {
  return useQuery({
    queryKey: ['market', 'list', type],
    queryFn: ({ signal }) => listMarketByType(type, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
