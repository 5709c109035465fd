/** What the sign-up, sign-in and password flows of auth share: an SMS address and security notices. */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { NotificationKind } from '@openbourse/contracts/notifications.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { isValidPhone } from '../users/phone.ts';

/** The address a code goes to by SMS; a number that cannot be one answers 40002 on the field. */
export function phoneTarget(areaCode: string, phone: string) {
  if (!isValidPhone(areaCode, phone)) throw new AppError(ErrorCode.PhoneWrong, { field: 'phone' });
  return `+${areaCode}${phone}`;
}

/**
 * Security notices (new sign-in, password and withdrawal-password changes): `notice` in the
 * transaction of what it reports, `sent` after it commits. Nothing without `notifications`.
 */
export function createSecurityNotices(notifications?: { notify: Notify; published(): void }) {
  return {
    async notice(exec: Executor, userId: number, kind: NotificationKind, params?: Record<string, string>) {
      await notifications?.notify(exec, {
        userId,
        kind,
        subject: { type: 'account' },
        ...(params ? { params } : {}),
      });
    },
    sent() {
      notifications?.published();
    },
  };
}

export type SecurityNotices = ReturnType<typeof createSecurityNotices>;
