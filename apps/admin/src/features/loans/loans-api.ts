/** The loan review queue's calls: a page of loans, one loan as it stands, a decision, the agreement PDF. */
import type { AdminLoan, AdminLoansResult, LoanStatus } from '@openbourse/contracts/loan.ts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api, errorText } from '@/shared/api';
import { sessionStore } from '@/shared/session';

export type Loan = AdminLoan;
export type LoansPage = AdminLoansResult;

export const loansKey = (status: LoanStatus | undefined, page: number, size: number) =>
  ['loans', status ?? 'all', page, size] as const;

export async function getLoans(status: LoanStatus | undefined, page: number, size: number) {
  return (await api.get<LoansPage>('loans', { query: { status, page, size } })).result;
}

export async function approveLoan(id: number) {
  return (await api.post<Loan>(`loans/${id}/approve`)).result;
}

export async function rejectLoan(id: number, reason: string) {
  return (await api.post<Loan>(`loans/${id}/reject`, { reason })).result;
}

/** One loan as it stands now: after a 40036, as the other reviewer decided it. */
export async function getLoan(id: number) {
  return (await api.get<Loan>(`loans/${id}`)).result;
}

/**
 * The signed agreement's PDF: an <iframe> cannot send the session's bearer token, so the page
 * fetches the bytes and shows them through an object URL.
 */
export async function fetchAgreement(id: number, signal?: AbortSignal): Promise<Blob> {
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await globalThis.fetch(`/swx/admin/loans/${id}/agreement`, {
      headers: token ? { Authorization: token, lang: 'en' } : { lang: 'en' },
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, errorText('unknown'), 'network');
  }
  if (response.ok && (response.headers.get('content-type') ?? '').includes('pdf')) return response.blob();
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  const code = envelope?.code ?? response.status;
  if (code === 401) {
    sessionStore.set(null);
    throw new ApiError(401, errorText(401), 'unauthorized');
  }
  throw new ApiError(code, envelope?.msg?.trim() ? envelope.msg : errorText(code), 'server');
}

/** Puts a decided loan in place in every cached page and marks the pages stale. */
export function replaceLoan(queryClient: QueryClient, loan: Loan) {
  queryClient.setQueriesData<LoansPage>({ queryKey: ['loans'] }, (page) =>
    page ? { ...page, list: page.list.map((l) => (l.id === loan.id ? loan : l)) } : page,
  );
  queryClient.invalidateQueries({ queryKey: ['loans'], refetchType: 'none' });
}
