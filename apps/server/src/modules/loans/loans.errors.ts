import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the loans module answers (its README lists them). */
export type LoansErrorCode =
  | typeof ErrorCode.DemoNotAllowed
  | typeof ErrorCode.NoRecord
  | typeof ErrorCode.LoanPeriodWrong
  | typeof ErrorCode.LoanAmountExceeded
  | typeof ErrorCode.AmountWrong
  | typeof ErrorCode.NotAuthenticated
  | typeof ErrorCode.AlreadyApplying
  | typeof ErrorCode.LoanCountExceeded
  | typeof ErrorCode.LoanNotSigned
  | typeof ErrorCode.RecordNotInRepayment
  | typeof ErrorCode.BalanceInsufficientRecharge
  | typeof ErrorCode.AlreadyDecided
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<LoansErrorCode>();

/** The loans' refusals, each a catalogue code. */
export const loansErrors = {
  /** Loans are real money: the demo account cannot borrow (40010). */
  realOnly: () => fail(ErrorCode.DemoNotAllowed),
  /** No such product (or switched off), loan of this user, or agreement (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
  /** A term the product does not offer (10023, field termDays). */
  termWrong: () => fail(ErrorCode.LoanPeriodWrong, { field: 'termDays' }),
  /** Outside the product's amount range (80002, field amount). */
  amountExceeded: () => fail(ErrorCode.LoanAmountExceeded, { field: 'amount' }),
  /** Not a positive amount at the currency's scale (40038, field amount). */
  amountWrong: () => fail(ErrorCode.AmountWrong, { field: 'amount' }),
  /** The amount needs a verified identity (10022). */
  kycRequired: () => fail(ErrorCode.NotAuthenticated),
  /** An application of this user waits for review (80007). */
  alreadyApplying: () => fail(ErrorCode.AlreadyApplying),
  /** As many loans applying or in repayment as the product allows (80003). */
  tooMany: () => fail(ErrorCode.LoanCountExceeded),
  /** No signature, a blank one or not a PNG (40056, field signature). */
  notSigned: () => fail(ErrorCode.LoanNotSigned, { field: 'signature' }),
  /** Not in repayment (80006). */
  notRepaying: () => fail(ErrorCode.RecordNotInRepayment),
  /** The available balance does not cover principal + interest (10011). */
  balanceInsufficient: () => fail(ErrorCode.BalanceInsufficientRecharge),
  /** (admin) Decided meanwhile by another reviewer (40036). */
  alreadyDecided: () => fail(ErrorCode.AlreadyDecided),
  /** (admin) A product field that does not hold (40001, the field named). */
  invalid: (field: string) => fail(ErrorCode.InvalidField, { field, params: { field } }),
};
