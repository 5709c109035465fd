import type { CurrencyListing, ListCurrenciesResult } from '@openbourse/contracts/wallet.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export type { CurrencyListing };

export async function listCurrencies(signal?: AbortSignal): Promise<CurrencyListing[]> {
  const { result } = await api.get<ListCurrenciesResult>('index/listCurrencies', { signal });
  return result?.list ?? [];
}

/**
 * Every currency of the platform with its USDT price and 24 h change (index/listCurrencies), the
 * same for everyone; the live ticks of each one's market refine the figures in between.
 */
export function useCurrencies() {
  return useQuery({
    queryKey: ['wallet', 'currencies'],
    queryFn: ({ signal }) => listCurrencies(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
