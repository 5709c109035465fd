/** The KYC review queue's calls: a page of applications, one as it stands, and a decision. */
import type { AdminKycItem, AdminKycList } from '@openbourse/contracts/kyc.ts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';

export type KycApplication = AdminKycItem;
export type KycPage = AdminKycList;
export type KycState = AdminKycItem['status'];

export const KYC_STATES: readonly KycState[] = ['pending', 'verified', 'failed'];

export const kycKey = (status: KycState | undefined, page: number, size: number) =>
  ['kyc', status ?? 'all', page, size] as const;

export async function getKycPage(status: KycState | undefined, page: number, size: number) {
  return (await api.get<KycPage>('kyc', { query: { status, page, size } })).result;
}

export async function approveKyc(id: number) {
  return (await api.post<KycApplication>(`kyc/${id}/approve`)).result;
}

export async function rejectKyc(id: number, reason: string) {
  return (await api.post<KycApplication>(`kyc/${id}/reject`, { reason })).result;
}

/** One application as it stands now: after a 40036, as the other reviewer decided it. */
export async function getKyc(id: number) {
  return (await api.get<KycApplication>(`kyc/${id}`)).result;
}

/** Puts a decided application in place in every cached page and marks the pages stale. */
export function replaceKyc(queryClient: QueryClient, item: KycApplication) {
  queryClient.setQueriesData<KycPage>({ queryKey: ['kyc'] }, (page) =>
    page ? { ...page, list: page.list.map((d) => (d.id === item.id ? item : d)) } : page,
  );
  queryClient.invalidateQueries({ queryKey: ['kyc'], refetchType: 'none' });
}
