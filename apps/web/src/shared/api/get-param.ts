import type { ParamResult } from '@openbourse/contracts/content.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_NAME } from '@/shared/config/constants';
import { api } from '@/shared/lib/api-client';
import { queryKeys } from './query-keys';

/** Public parameters the web app reads. */
export type ParamKey =
  | 'down_url'
  | 'site_name'
  | 'support_email'
  | 'demo_enabled'
  | 'demo_initial_balance'
  | 'social_github'
  | 'social_x'
  | 'social_telegram'
  | 'social_discord';

export async function getParam(key: ParamKey, signal?: AbortSignal): Promise<string> {
  const { result } = await api.get<ParamResult>(`index/getParamByKey/${encodeURIComponent(key)}`, { signal });
  return result.paramValue;
}

export const paramQuery = (key: ParamKey) =>
  queryOptions({
    queryKey: queryKeys.param(key),
    queryFn: ({ signal }) => getParam(key, signal),
    staleTime: 30 * 60_000,
    // A missing parameter is an answer, not a hiccup worth retrying.
    retry: false,
  });

/** The parameter's value; undefined while loading, when unset, or when blank. */
export function useParam(key: ParamKey): string | undefined {
  const { data } = useQuery(paramQuery(key));
  return data?.trim() ? data.trim() : undefined;
}

export function useSiteName(): string {
  return useParam('site_name') ?? DEFAULT_SITE_NAME;
}

/** Only http(s) links from parameters become hrefs. */
export function safeExternalUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
