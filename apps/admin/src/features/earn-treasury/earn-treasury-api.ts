/** The earn treasury's calls: its figures per currency, and funding it from the platform treasury. */
import type { AdminTreasuryFundInput, AdminTreasuryResult } from '@openbourse/contracts/earn.ts';
import { api } from '@/shared/api';

export type TreasuryRow = AdminTreasuryResult['list'][number];
export type TreasuryFundInput = AdminTreasuryFundInput;

export const treasuryKey = ['earn-treasury'] as const;

export async function getTreasury() {
  return (await api.get<AdminTreasuryResult>('earn-treasury')).result;
}

/** Moves house money into the earn treasury (audited `earnTreasury.fund`); answers the figures after. */
export async function fundTreasury(input: TreasuryFundInput) {
  return (await api.post<AdminTreasuryResult>('earn-treasury/fund', input)).result;
}
