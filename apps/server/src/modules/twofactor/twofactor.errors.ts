import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the two-factor module answers (its README lists them). */
export type TwoFactorErrorCode =
  | typeof ErrorCode.TwoFactorRequired
  | typeof ErrorCode.TwoFactorWrong
  | typeof ErrorCode.TwoFactorTicketInvalid
  | typeof ErrorCode.TwoFactorTooManyTries
  | typeof ErrorCode.TotpState
  | typeof ErrorCode.PasskeyNotFound
  | typeof ErrorCode.PasskeyRejected
  | typeof ErrorCode.TwoFactorNotEnabled
  | typeof ErrorCode.PasskeyNameInvalid
  | typeof ErrorCode.PasskeysFull
  | typeof ErrorCode.PasswordWrong;

const fail = moduleErrors<TwoFactorErrorCode>();

export const twoFactorErrors = {
  required: () => fail(ErrorCode.TwoFactorRequired, { field: 'proof' }),
  wrong: () => fail(ErrorCode.TwoFactorWrong, { field: 'proof' }),
  ticket: () => fail(ErrorCode.TwoFactorTicketInvalid, { field: 'ticket' }),
  tooManyTries: (minutes: number) => fail(ErrorCode.TwoFactorTooManyTries, { params: { minutes } }),
  totpState: () => fail(ErrorCode.TotpState),
  passkeyNotFound: () => fail(ErrorCode.PasskeyNotFound, { field: 'id' }),
  passkeyRejected: () => fail(ErrorCode.PasskeyRejected, { field: 'response' }),
  notEnabled: () => fail(ErrorCode.TwoFactorNotEnabled),
  passkeysFull: (max: number) => fail(ErrorCode.PasskeysFull, { params: { max } }),
  /** The fresh confirmation's password (10004, field password). */
  passwordWrong: () => fail(ErrorCode.PasswordWrong, { field: 'password' }),
};
