import { z } from 'zod';

/**
 * Request and response shapes shared by the web app and the server. A zod message of the form
 * `E<code>` names the catalogue code the server answers when that field is wrong.
 */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Spec §5: an empty or missing field answers its "required" code (40024 password, 40025 code, 40026
 * email, 40027 username, 40028 phone); a filled one is checked by `schema` and answers its own.
 * Blanks count as empty except in a password, which is checked as typed.
 */
function required<T extends z.ZodType<unknown, string>>(code: number, schema: T, trim = true) {
  const filled = z.string({ error: `E${code}` });
  return (trim ? filled.trim() : filled).min(1, { error: `E${code}` }).pipe(schema);
}

export const Username = required(40027, z.string().regex(USERNAME_PATTERN, { error: 'E10003' }));
export const Email = required(
  40026,
  z
    .string()
    .toLowerCase()
    .max(254, { error: 'E10002' })
    .pipe(z.email({ error: 'E10002' })),
);
/** 8–64 characters with at least one letter and one digit. */
export const Password = required(
  40024,
  z
    .string()
    .min(PASSWORD_MIN, { error: 'E40004' })
    .max(PASSWORD_MAX, { error: 'E40004' })
    .regex(/[A-Za-z]/, { error: 'E40004' })
    .regex(/\d/, { error: 'E40004' }),
  false,
);
/** Country calling code without "+", e.g. "44". */
export const AreaCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { error: 'E40002' }));
export const Phone = required(
  40028,
  z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{4,15}$/, { error: 'E40002' })),
);
export const VerificationCode = required(40025, z.string().regex(/^\d{6}$/, { error: 'E10091' }));
export const WithdrawalPassword = z.string().regex(/^\d{6}$/, { error: 'E40001' });

export const CodePurpose = z.enum(['register', 'reset', 'withdrawPassword']);
export type CodePurpose = z.infer<typeof CodePurpose>;

export const SendCodeRequest = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), purpose: CodePurpose, email: Email }),
  z.object({ channel: z.literal('phone'), purpose: CodePurpose, areaCode: AreaCode, phone: Phone }),
  /** For withdrawPassword: the code goes to the logged-in user's own email or phone. */
  z.object({ channel: z.literal('account'), purpose: z.literal('withdrawPassword') }),
]);
export type SendCodeRequest = z.input<typeof SendCodeRequest>;

export const SendCodeResult = z.object({
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
  /** Where it went, masked (e.g. "j***@example.com"). */
  sentTo: z.string(),
});
export type SendCodeResult = z.infer<typeof SendCodeResult>;

const InviteCode = z.string().trim().max(32).optional();

export const RegisterRequest = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('email'),
    username: Username,
    email: Email,
    password: Password,
    code: VerificationCode,
    inviteCode: InviteCode,
  }),
  z.object({
    method: z.literal('phone'),
    username: Username,
    areaCode: AreaCode,
    phone: Phone,
    password: Password,
    code: VerificationCode,
    inviteCode: InviteCode,
  }),
]);
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z.object({
  /** Username or email. */
  username: z.string().trim().min(1, { error: 'E10001' }).max(254, { error: 'E10001' }),
  password: z.string({ error: 'E40024' }).min(1, { error: 'E40024' }).max(PASSWORD_MAX, { error: 'E10004' }),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const CheckUserQuery = z
  .object({
    username: z.string().trim().max(64).optional(),
    email: z.string().trim().max(254).optional(),
    areaCode: z.string().trim().max(5).optional(),
    phone: z.string().trim().max(20).optional(),
  })
  .refine((q) => Boolean(q.username || q.email || q.phone), { error: 'E10001', path: ['username'] });

export const CheckUserResult = z.object({ exists: z.boolean() });

export const KycStatus = z.enum(['none', 'pending', 'verified', 'failed']);

export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  /** Masked for display, e.g. "+44 77****123". */
  phoneMasked: z.string().nullable(),
  /** False for an account made by Google or wallet sign-in until its owner sets a password. */
  hasPassword: z.boolean(),
  hasWithdrawalPassword: z.boolean(),
  kycStatus: KycStatus,
  inviteCode: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: UserInfo,
  /**
   * True when this sign-in made the account: a first Google or wallet sign-in of an identity new here
   * (the welcome for a new user, not "welcome back"). Absent when it signed into an existing account.
   */
  created: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** A second factor a user can answer a sign-in challenge with. */
export const SecondFactor = z.enum(['totp', 'passkey', 'recovery']);
export type SecondFactor = z.infer<typeof SecondFactor>;

/**
 * The password (or Google, or wallet) was right but the account has a second factor: no session yet.
 * The ticket is single use and short lived; the client answers it with one of `methods`.
 */
export const TwoFactorChallenge = z.object({
  twoFactor: z.object({
    ticket: z.string(),
    methods: z.array(SecondFactor),
    expiresAt: z.string(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** What every sign-in call answers: a session, or a second-factor challenge to answer first. */
export const SignInOutcome = z.union([LoginResult, TwoFactorChallenge]);
export type SignInOutcome = z.infer<typeof SignInOutcome>;

export const RepasswordRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('change'),
    oldPassword: z.string({ error: 'E40024' }).min(1, { error: 'E40024' }).max(PASSWORD_MAX, { error: 'E10004' }),
    newPassword: Password,
  }),
  /** A first password for an account made by Google or wallet sign-in (signed in; none set yet). */
  z.object({
    type: z.literal('set'),
    newPassword: Password,
  }),
  /** Reset by a code sent to the account's email (channel 'email') or phone (channel 'phone'). */
  z
    .object({
      type: z.literal('reset'),
      channel: z.enum(['email', 'phone']),
      email: Email.optional(),
      areaCode: AreaCode.optional(),
      phone: Phone.optional(),
      code: VerificationCode,
      newPassword: Password,
    })
    .superRefine((v, ctx) => {
      if (v.channel === 'email' && !v.email) ctx.addIssue({ code: 'custom', message: 'E10002', path: ['email'] });
      if (v.channel === 'phone' && !v.areaCode) ctx.addIssue({ code: 'custom', message: 'E40002', path: ['areaCode'] });
      if (v.channel === 'phone' && !v.phone) ctx.addIssue({ code: 'custom', message: 'E40002', path: ['phone'] });
    }),
]);
export type RepasswordRequest = z.input<typeof RepasswordRequest>;

export const RepasswordTxRequest = z.object({
  code: VerificationCode,
  txPassword: WithdrawalPassword,
});
export type RepasswordTxRequest = z.input<typeof RepasswordTxRequest>;

export const AreaCodeEntry = z.object({
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  name: z.string(),
  /** Without "+" */
  callingCode: z.string(),
});
export type AreaCodeEntry = z.infer<typeof AreaCodeEntry>;
