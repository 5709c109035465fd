import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the support module answers (its README lists them). */
export type SupportErrorCode =
  | typeof ErrorCode.SupportTextTooLong
  | typeof ErrorCode.SupportEmptyMessage
  | typeof ErrorCode.SupportAttachmentInvalid
  | typeof ErrorCode.SupportNotAgent
  | typeof ErrorCode.SupportCannedInvalid
  | typeof ErrorCode.NotFound
  | typeof ErrorCode.TooManyRequests;

const fail = moduleErrors<SupportErrorCode>();

/** The support chat's refusals, each a catalogue code. */
export const supportErrors = {
  /** Over 2,000 characters (40080). */
  tooLong: () => fail(ErrorCode.SupportTextTooLong, { field: 'text' }),
  /** Neither text nor an attachment (40081). */
  empty: () => fail(ErrorCode.SupportEmptyMessage, { field: 'text' }),
  /** A file of the user's that is not a chat upload (40082). */
  attachment: () => fail(ErrorCode.SupportAttachmentInvalid, { field: 'fileId' }),
  /** Assignment to an account that may not reply (40085). */
  notAgent: () => fail(ErrorCode.SupportNotAgent, { field: 'agentId' }),
  /** No such conversation, canned reply or file of the viewer's (40400, as a missing one). */
  notFound: () => fail(ErrorCode.NotFound),
  /** Too many messages or contact forms (42900). */
  tooMany: () => fail(ErrorCode.TooManyRequests, { httpStatus: 429 }),
};
