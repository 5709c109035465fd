import type { SpotDepth } from '@openbourse/contracts/spot.ts';
import { api } from '@/shared/lib/api-client';

/**
 * The book's top levels at change `seq` (index/getSpotDepth), of the account mode's book. Read once
 * and then followed through the pushes (use-spot-book.ts), so it has no query hook of its own.
 */
export async function getSpotDepth(pairId: number, signal?: AbortSignal): Promise<SpotDepth> {
  const { result } = await api.get<SpotDepth>('index/getSpotDepth', { query: { pairId }, signal });
  return result;
}
