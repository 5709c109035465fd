import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** The codes this module answers (README "Error codes"). */
export type ApiKeysErrorCode =
  | typeof ErrorCode.ApiKeyUnknown
  | typeof ErrorCode.ApiKeyInactive
  | typeof ErrorCode.ApiKeyIpNotAllowed
  | typeof ErrorCode.ApiKeyTimestamp
  | typeof ErrorCode.ApiKeyScope
  | typeof ErrorCode.ApiKeyReplay
  | typeof ErrorCode.ApiKeySignature
  | typeof ErrorCode.ApiKeyLimit
  | typeof ErrorCode.ApiKeyIpInvalid
  | typeof ErrorCode.ApiKeyNotFound
  | typeof ErrorCode.PasswordWrong
  | typeof ErrorCode.InvalidField
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<ApiKeysErrorCode>();

/** Authentication failures answer HTTP 401 (like a bad token), refusals of a known caller 403. */
export const apiKeyErrors = {
  unknown: () => fail(ErrorCode.ApiKeyUnknown, { httpStatus: 401 }),
  inactive: () => fail(ErrorCode.ApiKeyInactive, { httpStatus: 401 }),
  timestamp: () => fail(ErrorCode.ApiKeyTimestamp, { httpStatus: 401 }),
  signature: () => fail(ErrorCode.ApiKeySignature, { httpStatus: 401 }),
  replay: () => fail(ErrorCode.ApiKeyReplay, { httpStatus: 401 }),
  ipNotAllowed: () => fail(ErrorCode.ApiKeyIpNotAllowed, { httpStatus: 403 }),
  scope: () => fail(ErrorCode.ApiKeyScope, { httpStatus: 403 }),
  rate: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
  limit: (max: number) => fail(ErrorCode.ApiKeyLimit, { params: { max } }),
  ipInvalid: (value: string) => fail(ErrorCode.ApiKeyIpInvalid, { field: 'ips', params: { value } }),
  notFound: () => fail(ErrorCode.ApiKeyNotFound),
  wrongPassword: () => fail(ErrorCode.PasswordWrong, { field: 'password' }),
  expiry: () => fail(ErrorCode.InvalidField, { field: 'expiresAt', params: { field: 'expiresAt' } }),
  tooManyTries: () => fail(ErrorCode.TooManyRequests),
};
