import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the wallet module's deposits and networks answer (its README lists them). */
export type WalletErrorCode =
  | typeof ErrorCode.DemoNotAllowed
  | typeof ErrorCode.NetworkUnavailable
  | typeof ErrorCode.ReceivingAddressMissing
  | typeof ErrorCode.DepositBelowMinimum
  | typeof ErrorCode.AmountWrong
  | typeof ErrorCode.TxHashWrong
  | typeof ErrorCode.TxHashUsed
  | typeof ErrorCode.UploadRequired
  | typeof ErrorCode.AlreadyDecided
  | typeof ErrorCode.NoRecord;

const fail = moduleErrors<WalletErrorCode>();

/** The wallet's refusals, each a catalogue code. */
export const walletErrors = {
  /** Deposits go to the real account only (40010). */
  realOnly: () => fail(ErrorCode.DemoNotAllowed),
  /** A coin on a network the platform does not receive it on, or switched off (40035, field network). */
  networkUnavailable: () => fail(ErrorCode.NetworkUnavailable, { field: 'network' }),
  /** The operator has not set a receiving address on the network yet (10021). */
  noAddress: () => fail(ErrorCode.ReceivingAddressMissing, { field: 'network' }),
  /** Below the currency's minimum (40033, field amount; params: name, limit). */
  belowMinimum: (name: string, limit: string) =>
    fail(ErrorCode.DepositBelowMinimum, { field: 'amount', params: { name, limit } }),
  /** More decimals than the currency has, or an amount too large to be real (40038, field amount). */
  amountWrong: () => fail(ErrorCode.AmountWrong, { field: 'amount' }),
  /** A hash of the wrong form for the network (40039, field txHash). */
  txHashWrong: () => fail(ErrorCode.TxHashWrong, { field: 'txHash' }),
  /** The transaction hash was declared before (40034, field txHash). */
  txHashUsed: () => fail(ErrorCode.TxHashUsed, { field: 'txHash' }),
  /** No proof image of the user's (40017, field proofFileId). */
  proofRequired: () => fail(ErrorCode.UploadRequired, { field: 'proofFileId' }),
  /** Decided meanwhile by another reviewer (40036). */
  alreadyDecided: () => fail(ErrorCode.AlreadyDecided),
  /** No such deposit or network (80005). */
  noRecord: () => fail(ErrorCode.NoRecord),
};
