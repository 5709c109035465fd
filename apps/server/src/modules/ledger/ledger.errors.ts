import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { invalidField, moduleErrors } from '../../http/errors.ts';

/** Every code the ledger answers; callers map them to their own (see trading.context.ts). */
export type LedgerErrorCode =
  | typeof ErrorCode.BalanceInsufficient
  | typeof ErrorCode.Conflict
  | typeof ErrorCode.NotFound
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<LedgerErrorCode>();

/** The ledger's refusals, each a catalogue code the client is told about. */

/** A non-negative account would go below zero: 10092 (callers may rethrow as 10011 "please recharge"). */
export const insufficientBalance = (currency: string) => fail(ErrorCode.BalanceInsufficient, { params: { currency } });

/** An idempotency key reused with different content, or a hold no longer in a state that allows the operation. */
export const ledgerConflict = (reason: string) => fail(ErrorCode.Conflict, { params: { reason } });

/** An amount that is not positive, has more decimals than the currency, or does not fit numeric(38,18). */
export const invalidAmount = () => invalidField('amount');

export const unknownCurrency = () => invalidField('currency');

export const holdNotFound = () => fail(ErrorCode.NotFound, { params: { what: 'hold' } });

/**
 * A caller broke the ledger's rules in code (mixed modes or currencies, a locked account in a plain
 * transfer, the same account on both sides). Not the user's fault: it surfaces as an internal error.
 */
export class LedgerMisuseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerMisuseError';
  }
}
