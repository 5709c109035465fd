import type { Deposit } from '@openbourse/contracts/funding.ts';
import { queryKeys } from '@/shared/api/query-keys';
import { useRealAccountList } from './real-account-list';

export const depositKeys = { list: [...queryKeys.deposits, 'list'] as const };

/** The user's declared deposits, newest first (user/listRecharge). */
export const useDeposits = () => useRealAccountList<Deposit>(depositKeys.list, 'user/listRecharge');
