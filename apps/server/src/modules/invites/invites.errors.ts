import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { moduleErrors } from '../../http/errors.ts';

/** Every code the invites module answers (its README lists them). */
export type InvitesErrorCode = typeof ErrorCode.InvalidField;

const fail = moduleErrors<InvitesErrorCode>();

export const invitesErrors = {
  /** A bad field (40001 naming it): an invite code that is one's own or would make a cycle, a cap not positive. */
  field: (field: string) => fail(ErrorCode.InvalidField, { field }),
};
