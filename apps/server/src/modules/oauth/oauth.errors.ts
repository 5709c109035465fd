import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the third-party sign-in answers of its own (its README lists them with the others it passes on). */
export type OAuthErrorCode =
  | typeof ErrorCode.SignInProviderOff
  | typeof ErrorCode.SignInAttemptUnknown
  | typeof ErrorCode.SignInAttemptExpired
  | typeof ErrorCode.SignInRefused
  | typeof ErrorCode.SignInEmailUnverified
  | typeof ErrorCode.LinkTicketInvalid
  | typeof ErrorCode.LastWayIn
  | typeof ErrorCode.IdentityNotFound
  | typeof ErrorCode.IdentityTaken
  | typeof ErrorCode.SignInIssuerInvalid
  | typeof ErrorCode.PasswordWrong
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<OAuthErrorCode>();

export const oauthErrors = {
  /** The provider is not configured, or an operator disabled it (40100). */
  providerOff: () => fail(ErrorCode.SignInProviderOff),
  /** No such sign-in attempt: a wrong state, or one already used (40101). */
  attemptUnknown: () => fail(ErrorCode.SignInAttemptUnknown, { field: 'state' }),
  /** The attempt is older than ten minutes (40102). */
  attemptExpired: () => fail(ErrorCode.SignInAttemptExpired, { field: 'state' }),
  /** The provider refused the code (used, or not its own) or its answer failed a check (40103). */
  refused: (cause?: unknown) => fail(ErrorCode.SignInRefused, { cause }),
  /** The provider did not prove the account's email address (40104). */
  emailUnverified: () => fail(ErrorCode.SignInEmailUnverified),
  /** The link ticket is unknown, used, expired or out of tries (40105). */
  ticketInvalid: () => fail(ErrorCode.LinkTicketInvalid, { field: 'ticket' }),
  /** Unlinking would leave the account no way in (no password, no other sign-in) (40106). */
  lastWayIn: () => fail(ErrorCode.LastWayIn),
  /** No such linked sign-in on this account (40107). */
  identityNotFound: () => fail(ErrorCode.IdentityNotFound, { field: 'id' }),
  /** The identity is linked to another account (40108). */
  identityTaken: () => fail(ErrorCode.IdentityTaken),
  /** (admin) The issuer is not an https URL of an OpenID provider that answers discovery (40109). */
  issuerInvalid: () => fail(ErrorCode.SignInIssuerInvalid, { field: 'issuer' }),
  /** The account's password is wrong (10004). */
  passwordWrong: () => fail(ErrorCode.PasswordWrong, { field: 'password' }),
};
