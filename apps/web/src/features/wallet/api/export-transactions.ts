import { API_BASE_PATH } from '@/shared/config/constants';
import { ApiError, buildQuery } from '@/shared/lib/api-client';
import { sessionHeaders } from '@/shared/lib/raw-request';
import { filterQuery, type TransactionFilter } from './list-transactions';

/**
 * Downloads the record under `filter` as CSV (user/exportTransactions): the file the server names,
 * saved through a temporary link. A refusal (an envelope instead of CSV) throws its message.
 */
export async function downloadTransactions(filter: TransactionFilter): Promise<void> {
  const headers = { ...sessionHeaders(), Accept: 'text/csv' };
  const res = await fetch(`${API_BASE_PATH}/user/exportTransactions${buildQuery(filterQuery(filter))}`, { headers });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(body?.code ?? res.status, body?.msg ?? res.statusText, body?.code ? 'server' : 'http');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
