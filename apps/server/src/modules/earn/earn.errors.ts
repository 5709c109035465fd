import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the earn module answers (its README lists them). */
export type EarnErrorCode =
  | typeof ErrorCode.DemoNotAllowed
  | typeof ErrorCode.SmartNotEnabled
  | typeof ErrorCode.SmartProductWrong
  | typeof ErrorCode.DaysNotFound
  | typeof ErrorCode.InvestmentAmountWrong
  | typeof ErrorCode.SameProductBought
  | typeof ErrorCode.AiCountExceeded
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.SmartTreasuryShort
  | typeof ErrorCode.SmartPlanNotEarning
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<EarnErrorCode>();

/** The smart plans' refusals, each a catalogue code. */
export const earnErrors = {
  /** Smart plans are real money: the demo account cannot buy one (40010). */
  realOnly: () => fail(ErrorCode.DemoNotAllowed),
  /** Smart trading switched off (parameter smart_enabled) or the product disabled (40058). */
  notEnabled: () => fail(ErrorCode.SmartNotEnabled),
  /** No such product (10010, field productId). */
  productWrong: () => fail(ErrorCode.SmartProductWrong, { field: 'productId' }),
  /** A term the product does not offer (10012, field days). */
  daysWrong: () => fail(ErrorCode.DaysNotFound, { field: 'days' }),
  /** Outside the product's range, more decimals than the currency, or malformed (10013, field amount). */
  amountWrong: () => fail(ErrorCode.InvestmentAmountWrong, { field: 'amount' }),
  /** The product allows one earning plan at a time and the user has one (10024). */
  sameProduct: () => fail(ErrorCode.SameProductBought),
  /** The user's earning plans of the product are at its maximum (80001). */
  tooMany: () => fail(ErrorCode.AiCountExceeded),
  /** The real available balance does not cover the principal (10011). */
  balanceInsufficient: () => fail(ErrorCode.BalanceInsufficientRecharge),
  /** The treasury cannot reserve the plan's whole yield (40059). */
  treasuryShort: () => fail(ErrorCode.SmartTreasuryShort),
  /** Early exit of a plan that is not earning (40060). */
  notEarning: () => fail(ErrorCode.SmartPlanNotEarning),
  /** No such plan of the user; (admin) no such product (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** (admin) A field that does not hold (40001, the field named). */
  invalid: (field: string) => fail(ErrorCode.InvalidField, { field, params: { field } }),
};
