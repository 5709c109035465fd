import type { SpotPreviewRequest } from '@openbourse/contracts/spot.ts';
import { useMemo } from 'react';
import { useSpotPreviewQuery } from '../api/preview-spot-order';
import { useDebounced } from '@/shared/hooks/use-debounced';

const PREVIEW_DELAY_MS = 300;

/**
 * The server's preview of the order in the form, following what is typed after a pause; `body` null
 * while the form is not a whole order (the form says what is missing). `data` is the last preview
 * (kept while the next one loads), `current` whether it is the preview of this very order, `error`
 * the server's refusal of it, `pending` whether a newer one is on its way.
 */
export function useSpotPreview(body: SpotPreviewRequest | null) {
  const key = body ? JSON.stringify(body) : null;
  const debouncedKey = useDebounced(key, PREVIEW_DELAY_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as SpotPreviewRequest) : null),
    [debouncedKey],
  );
  const query = useSpotPreviewQuery(debounced);
  const settled = key !== null && debouncedKey === key;
  const current = Boolean(settled && query.data && !query.isPlaceholderData && !query.isError);
  return {
    data: query.data,
    current,
    error: settled && query.isError ? query.error : null,
    pending: key !== null && (debouncedKey !== key || query.isFetching),
  };
}
