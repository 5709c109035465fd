import { z } from 'zod';
import { LoginResult, PASSWORD_MAX, SecondFactor } from './auth.ts';

/**
 * Users' second factors (TOTP, passkeys, recovery codes): the account centre's enrolment, the sign-in
 * challenge's answer, and the proof a withdrawal (or any step-up) carries. A zod message `E<code>`
 * names the catalogue code the server answers.
 */

/** A 6-digit code from an authenticator app. */
export const TotpCode = z
  .string({ error: 'E40121' })
  .trim()
  .regex(/^\d{6}$/, { error: 'E40121' });

/** One of the ten recovery codes (xxxxx-xxxxx; case, blanks and the dash do not matter). */
export const RecoveryCode = z
  .string({ error: 'E40121' })
  .trim()
  .min(1, { error: 'E40121' })
  .max(40, { error: 'E40121' });

const B64URL = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'E40121' });

/** A WebAuthn assertion as @simplewebauthn/browser's startAuthentication returns it. */
export const PasskeyAssertion = z.object({
  id: B64URL.max(1024),
  rawId: B64URL.max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64URL,
    authenticatorData: B64URL,
    signature: B64URL,
    userHandle: B64URL.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAssertion = z.input<typeof PasskeyAssertion>;

/** A WebAuthn attestation as @simplewebauthn/browser's startRegistration returns it. */
export const PasskeyAttestation = z.object({
  id: B64URL.max(1024),
  rawId: B64URL.max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64URL,
    attestationObject: B64URL,
    authenticatorData: B64URL.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64URL.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAttestation = z.input<typeof PasskeyAttestation>;

/** A current second factor: a TOTP code, a passkey's assertion, or a recovery code (used up). */
export const SecondFactorProof = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: TotpCode }),
    z.object({ method: z.literal('passkey'), response: PasskeyAssertion }),
    z.object({ method: z.literal('recovery'), code: RecoveryCode }),
  ],
  { error: 'E40120' },
);
export type SecondFactorProof = z.input<typeof SecondFactorProof>;

/**
 * A fresh confirmation for enrolling, removing or regenerating: the login password, plus a current
 * second factor when one is enrolled already.
 */
export const FreshConfirmation = z.object({
  password: z.string({ error: 'E40024' }).min(1, { error: 'E40024' }).max(PASSWORD_MAX, { error: 'E10004' }),
  proof: SecondFactorProof.optional(),
});
export type FreshConfirmation = z.input<typeof FreshConfirmation>;

export const PasskeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.number().int().describe('Epoch ms'),
  lastUsedAt: z.number().int().nullable().describe('Epoch ms of its last sign-in or confirmation'),
});
export type PasskeyView = z.infer<typeof PasskeyView>;

export const TwoFactorStatus = z.object({
  /** What the user can answer a challenge with (empty: no second factor). */
  methods: z.array(SecondFactor),
  totp: z.boolean(),
  passkeys: z.array(PasskeyView),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TotpEnrolment = z.object({
  /** Base32, for typing into an app by hand; shown once, never again. */
  secret: z.string(),
  uri: z.string().describe('otpauth://totp/… for the QR code'),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const TotpConfirmRequest = z.object({ code: TotpCode });
export type TotpConfirmRequest = z.input<typeof TotpConfirmRequest>;

/** Recovery codes are answered once: when the first factor is enrolled, and when regenerated. */
export const RecoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodesResult = z.infer<typeof RecoveryCodesResult>;

export const PasskeyName = z
  .string({ error: 'E40128' })
  .trim()
  .min(1, { error: 'E40128' })
  .max(40, { error: 'E40128' });

export const PasskeyVerifyRequest = z.object({ name: PasskeyName.optional(), response: PasskeyAttestation });
export type PasskeyVerifyRequest = z.input<typeof PasskeyVerifyRequest>;

export const PasskeyRenameRequest = z.object({ id: z.number().int().positive(), name: PasskeyName });
export type PasskeyRenameRequest = z.input<typeof PasskeyRenameRequest>;

export const PasskeyRemoveRequest = FreshConfirmation.extend({ id: z.number().int().positive() });
export type PasskeyRemoveRequest = z.input<typeof PasskeyRemoveRequest>;

/** WebAuthn options as the server made them, for @simplewebauthn/browser (opaque to the contract). */
export const WebAuthnOptions = z.record(z.string(), z.unknown());

const Ticket = z.string({ error: 'E40122' }).min(1, { error: 'E40122' }).max(128, { error: 'E40122' });

export const SignInPasskeyOptionsRequest = z.object({ ticket: Ticket });

export const SignInAnswerRequest = z.object({ ticket: Ticket, proof: SecondFactorProof });
export type SignInAnswerRequest = z.input<typeof SignInAnswerRequest>;

export const SignInAnswerResult = LoginResult;
