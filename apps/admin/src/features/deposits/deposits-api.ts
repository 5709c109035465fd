/** The review queue's calls: a page of deposits, one deposit as it stands, and a decision. */
import type { AdminDeposit, AdminDepositsPage, DepositStatus } from '@openbourse/contracts/funding.ts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';

export type Deposit = AdminDeposit;
export type DepositsPage = AdminDepositsPage;

export const depositsKey = (status: DepositStatus | undefined, page: number, size: number) =>
  ['deposits', status ?? 'all', page, size] as const;

export async function getDeposits(status: DepositStatus | undefined, page: number, size: number) {
  return (await api.get<DepositsPage>('deposits', { query: { status, page, size } })).result;
}

export async function approveDeposit(id: number) {
  return (await api.post<Deposit>(`deposits/${id}/approve`)).result;
}

export async function rejectDeposit(id: number, reason: string) {
  return (await api.post<Deposit>(`deposits/${id}/reject`, { reason })).result;
}

/** One deposit as it stands now: after a 40036, as the other reviewer decided it. */
export async function getDeposit(id: number) {
  return (await api.get<Deposit>(`deposits/${id}`)).result;
}

/**
 * Puts a decided deposit in place in every cached page, so its row changes where the reviewer sees
 * it (a pending list keeps the row, now decided, until the next refresh), and marks the pages stale.
 */
export function replaceDeposit(queryClient: QueryClient, deposit: Deposit) {
  queryClient.setQueriesData<DepositsPage>({ queryKey: ['deposits'] }, (page) =>
    page ? { ...page, list: page.list.map((d) => (d.id === deposit.id ? deposit : d)) } : page,
  );
  queryClient.invalidateQueries({ queryKey: ['deposits'], refetchType: 'none' });
}
