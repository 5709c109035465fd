/** Recorded reserves (reserves.edit, audited) and their coverage of the latest proof of liabilities (dashboard.read). */
import type { CoverageResult, Reserve, ReserveInput } from '@openbourse/contracts/liabilities.ts';
import { api } from '@/shared/api';

export const reservesKey = ['reserves'] as const;
export const coverageKey = ['liabilities', 'coverage'] as const;

export async function getCoverage() {
  return (await api.get<CoverageResult>('liabilities/coverage')).result;
}

export async function getReserves() {
  return (await api.get<{ list: Reserve[] }>('reserves')).result;
}

/** Creates (POST reserves) or replaces (POST reserves/:id) a record. */
export async function saveReserve({ id, input }: { id: number | null; input: ReserveInput }) {
  return (await api.post<Reserve>(id === null ? 'reserves' : `reserves/${id}`, input)).result;
}

export async function deleteReserve(id: number) {
  return (await api.post<{ id: number }>(`reserves/${id}/delete`, {})).result;
}
