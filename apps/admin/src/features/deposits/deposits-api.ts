/** The review queue's calls: a page of deposits, a decision, and finding a row another reviewer decided. */
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

/**
 * A deposit another reviewer has just decided (40036). The API has no call for one deposit, so it
 * is looked up among the newest decided ones, where a decision made a moment ago is.
 */
export async function findDecided(id: number): Promise<Deposit | null> {
  const pages = await Promise.all((['approved', 'rejected'] as const).map((status) => getDeposits(status, 1, 100)));
  return pages.flatMap((p) => p.list).find((d) => d.id === id) ?? null;
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
