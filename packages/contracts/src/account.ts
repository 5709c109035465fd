import { z } from 'zod';
import { AreaCode, Email, Phone, VerificationCode } from './auth.ts';
import { LANGUAGES } from './languages.ts';
import { pageQueryFields, paged } from './paging.ts';

/**
 * The account centre (/profile/info): the user's own sessions and devices, sign-in history, and
 * binding or changing the email address and phone number with codes to both the old and the new.
 */

/** One live session of the signed-in user. */
export const AccountSession = z.object({
  id: z.number().int(),
  /** Browser and system from the user agent, e.g. "Chrome · Windows" ('' when unknown). */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The session's last sign of life (its start, or its last refresh). */
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const RevokeSessionRequest = z.object({ id: z.coerce.number().int().positive({ error: 'E40001' }) });
export const RevokeOthersResult = z.object({ revoked: z.number().int() });

/** A sign-in: a session's start (success). */
export const SignInRecord = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  device: z.string(),
  success: z.boolean(),
});
export type SignInRecord = z.infer<typeof SignInRecord>;
export const SignInHistoryQuery = z.object(pageQueryFields);
export const SignInHistory = paged(SignInRecord);

/** Which address a change is of. */
export const ContactKind = z.enum(['email', 'phone']);
export type ContactKind = z.infer<typeof ContactKind>;

/**
 * A code for a contact change: `step: 'old'` goes to the current address of that kind (proves
 * ownership; not needed when binding one the account has none of), `step: 'new'` to the new one
 * (proves reach).
 */
export const ContactCodeRequest = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('email'), step: z.enum(['old', 'new']), email: Email.optional() }),
    z.object({
      kind: z.literal('phone'),
      step: z.enum(['old', 'new']),
      areaCode: AreaCode.optional(),
      phone: Phone.optional(),
    }),
  ])
  .superRefine((req, ctx) => {
    if (req.step !== 'new') return;
    if (req.kind === 'email' && !req.email) ctx.addIssue({ code: 'custom', message: 'E40026', path: ['email'] });
    if (req.kind === 'phone' && !req.phone) ctx.addIssue({ code: 'custom', message: 'E40028', path: ['phone'] });
    if (req.kind === 'phone' && !req.areaCode) ctx.addIssue({ code: 'custom', message: 'E40002', path: ['areaCode'] });
  });
export type ContactCodeRequest = z.input<typeof ContactCodeRequest>;

export const ChangeContactRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), email: Email, oldCode: VerificationCode.optional(), newCode: VerificationCode }),
  z.object({
    kind: z.literal('phone'),
    areaCode: AreaCode,
    phone: Phone,
    oldCode: VerificationCode.optional(),
    newCode: VerificationCode,
  }),
]);
export type ChangeContactRequest = z.input<typeof ChangeContactRequest>;

export const SetLanguageRequest = z.object({ language: z.enum(LANGUAGES) });
