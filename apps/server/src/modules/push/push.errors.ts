import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the push module answers (its README lists them). */
export type PushErrorCode =
  | typeof ErrorCode.PushEndpointRefused
  | typeof ErrorCode.PushKeysInvalid
  | typeof ErrorCode.TooManyRequests
  | typeof ErrorCode.InvalidField;

const fail = moduleErrors<PushErrorCode>();

export const pushErrors = {
  /** Not https, or not a push service this platform sends to (40145): the server never POSTs to any URL a client names. */
  endpointRefused: () => fail(ErrorCode.PushEndpointRefused, { field: 'endpoint' }),
  /** p256dh not a P-256 point or auth not 16 bytes (40146): nothing could be encrypted to it. */
  keysInvalid: (field: 'keys.p256dh' | 'keys.auth') => fail(ErrorCode.PushKeysInvalid, { field }),
  /** Too many subscribe calls for the user in the window (42900). */
  tooMany: () => fail(ErrorCode.TooManyRequests),
};
