/** The withdrawal queue's calls: a page, one withdrawal as it stands, and a decision (pay or reject). */
import type { AdminWithdrawal, AdminWithdrawalsPage, WithdrawalStatus } from '@openbourse/contracts/funding.ts';
import type { QueryClient } from '@tanstack/react-query';
import { userKey } from '@/features/users/user-detail-api';
import { api } from '@/shared/api';

export type Withdrawal = AdminWithdrawal;
export type WithdrawalsPage = AdminWithdrawalsPage;

export const withdrawalsKey = (status: WithdrawalStatus | undefined, page: number, size: number) =>
  ['withdrawals', status ?? 'all', page, size] as const;

export async function getWithdrawals(status: WithdrawalStatus | undefined, page: number, size: number) {
  return (await api.get<WithdrawalsPage>('withdrawals', { query: { status, page, size } })).result;
}

/** One withdrawal as it stands now: after a 40036, as the other reviewer decided it. */
export async function getWithdrawal(id: number) {
  return (await api.get<Withdrawal>(`withdrawals/${id}`)).result;
}

export async function payWithdrawal(id: number, payoutRef: string) {
  return (await api.post<Withdrawal>(`withdrawals/${id}/pay`, { payoutRef })).result;
}

export async function rejectWithdrawal(id: number, reason: string) {
  return (await api.post<Withdrawal>(`withdrawals/${id}/reject`, { reason })).result;
}

/**
 * Puts a decided withdrawal in place in every cached page, so its row changes where the reviewer
 * sees it (a pending list keeps the row, now decided, until the next refresh), marks the pages
 * stale, and refreshes the user's balances and statement: paying posts the hold, rejecting releases it.
 */
export function replaceWithdrawal(queryClient: QueryClient, withdrawal: Withdrawal) {
  queryClient.setQueriesData<WithdrawalsPage>({ queryKey: ['withdrawals'] }, (page) =>
    page ? { ...page, list: page.list.map((w) => (w.id === withdrawal.id ? withdrawal : w)) } : page,
  );
  queryClient.invalidateQueries({ queryKey: ['withdrawals'], refetchType: 'none' });
  queryClient.invalidateQueries({ queryKey: userKey(withdrawal.user.id) });
}
