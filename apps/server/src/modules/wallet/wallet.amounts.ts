/** What deposits and withdrawals share: amounts as users type them, and public ids. */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { userAmountUnits } from '../../lib/amounts.ts';
import { walletErrors } from './wallet.errors.ts';

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's rows. */
export const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

export { trimAmount } from '../../lib/amounts.ts';

/** A user's amount in units at the currency's scale: positive, never rounded (40038 otherwise). */
export function amountUnits(amount: string, scale: number): bigint {
  const u = userAmountUnits(amount, scale);
  if (u === null) throw walletErrors.amountWrong();
  return u;
}

/** Every currency's scale in one read (a list of networks asks for many). */
export async function currencyScales(ledger: LedgerService, exec: Executor): Promise<Map<string, number>> {
  return new Map((await ledger.listCurrencies(exec)).map((c) => [c.code, c.scale]));
}
