/** What deposits and withdrawals share: amounts as users type them, and public ids. */
import { randomBytes } from 'node:crypto';
import { isMoneyError, parseDecimal } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { walletErrors } from './wallet.errors.ts';

/** Amounts with more integer digits than this are typing mistakes, not transfers. */
const MAX_INTEGER_DIGITS = 15;

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's rows. */
export const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

/** "120.000000000000000000" → "120" (a numeric column's text, shown as typed). */
export const trimAmount = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** A user's amount in units at the currency's scale: positive, never rounded (40038 otherwise). */
export function amountUnits(amount: string, scale: number): bigint {
  if (amount.split('.')[0]!.length > MAX_INTEGER_DIGITS) throw walletErrors.amountWrong();
  try {
    const u = parseDecimal(amount, scale);
    if (u <= 0n) throw walletErrors.amountWrong();
    return u;
  } catch (e) {
    if (isMoneyError(e)) throw walletErrors.amountWrong();
    throw e;
  }
}

/** Every currency's scale in one read (a list of networks asks for many). */
export async function currencyScales(ledger: LedgerService, exec: Executor): Promise<Map<string, number>> {
  return new Map((await ledger.listCurrencies(exec)).map((c) => [c.code, c.scale]));
}
