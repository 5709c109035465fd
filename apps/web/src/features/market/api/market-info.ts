import type { Candle, KPeriod, MarketInfo, RecordedTick } from '@openbourse/contracts/market.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client';

export async function getMarketInfo(idOrCode: string | number, signal?: AbortSignal): Promise<MarketInfo> {
  const { result } = await api.get<MarketInfo>(`index/getMarketInfo/${encodeURIComponent(String(idOrCode))}`, {
    signal,
  });
  return result;
}

/** Spec, quote and session of one instrument (by id or code). */
export function useMarketInfo(idOrCode: string | null) {
  return useQuery({
    queryKey: ['market', 'info', idOrCode],
    queryFn: ({ signal }) => getMarketInfo(idOrCode ?? '', signal),
    enabled: Boolean(idOrCode),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export async function getKLines(code: string, period: KPeriod, signal?: AbortSignal): Promise<Candle[]> {
  const { result } = await api.get<Candle[]>('index/getKValueByCodeAndDate', {
    query: { code, period, limit: 300 },
    signal,
  });
  return result ?? [];
}

export function useKLines(code: string | undefined, period: KPeriod) {
  return useQuery({
    queryKey: ['market', 'kline', code, period],
    queryFn: ({ signal }) => getKLines(code ?? '', period, signal),
    enabled: Boolean(code),
    staleTime: 60_000,
  });
}

/** A recorded tick by id: the quote that priced a fill. Ticks never change, so it is cached for good. */
export function useRecordedTick(id: number | null) {
  return useQuery({
    queryKey: ['market', 'tick', id],
    queryFn: async ({ signal }) => (await api.get<RecordedTick>(`index/getTick/${id}`, { signal })).result,
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
