import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the liabilities module answers (its README lists them). */
export type LiabilitiesErrorCode =
  | typeof ErrorCode.LiabilitiesNoSnapshot
  | typeof ErrorCode.LiabilitiesNotInSnapshot
  | typeof ErrorCode.ReserveCurrencyUnknown
  | typeof ErrorCode.NotFound
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<LiabilitiesErrorCode>();

export const liabilitiesErrors = {
  /** No snapshot published yet, or none for the day asked (40140). */
  noSnapshot: () => fail(ErrorCode.LiabilitiesNoSnapshot),
  /** The user had no real account in that snapshot: there is no leaf of theirs (40141). */
  notInSnapshot: () => fail(ErrorCode.LiabilitiesNotInSnapshot),
  /** (admin) A reserve in a currency the ledger does not know (40142). */
  currencyUnknown: () => fail(ErrorCode.ReserveCurrencyUnknown, { field: 'currency' }),
  /** (admin) No such reserve record (40400). */
  reserveNotFound: () => fail(ErrorCode.NotFound),
  /** (admin) An amount with more decimals than the currency or too large (40001 field amount). */
  amount: () => fail(ErrorCode.InvalidField, { field: 'amount', params: { field: 'amount' } }),
};
