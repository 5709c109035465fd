import type { Withdrawal } from '@openbourse/contracts/funding.ts';
import { queryKeys } from '@/shared/api/query-keys';
import { useRealAccountList } from './real-account-list';

export const withdrawalKeys = { list: [...queryKeys.withdrawals, 'list'] as const };

/** The user's withdrawals, newest first (user/listWithdrwal, the spec's spelling). */
export const useWithdrawals = () => useRealAccountList<Withdrawal>(withdrawalKeys.list, 'user/listWithdrwal');
