import type { SpotPreview, SpotPreviewRequest } from '@openbourse/contracts/spot.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

export async function previewSpotOrder(body: SpotPreviewRequest, signal?: AbortSignal): Promise<SpotPreview> {
  const { result } = await api.post<SpotPreview>('order/previewBb', body, { signal });
  return result;
}

/**
 * order/previewBb: the server's figures for an order before it is confirmed (the user's rates, the
 * fee, what it holds, the total), of the account mode. Under the spot orders' key, so an order, a
 * cancel or a fill (which change the balance it shows) read it again.
 */
export function useSpotPreviewQuery(body: SpotPreviewRequest | null) {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.spotOrders, 'preview', mode, token, body],
    queryFn: ({ signal }) => previewSpotOrder(body as SpotPreviewRequest, signal),
    enabled: Boolean(token) && body !== null,
    // Typing keeps the last figures on screen (marked as not current) until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    retry: false,
  });
}
