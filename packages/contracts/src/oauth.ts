import { z } from 'zod';
import { LoginResult, PASSWORD_MAX, TwoFactorChallenge, VerificationCode } from './auth.ts';

/**
 * Third-party sign-in (OpenID Connect; Google by default): the providers the sign-in pages offer,
 * the start and the callback of the authorization-code flow, the proof that links a new identity to
 * an existing account, the account centre's linked sign-ins and the back office's settings.
 * A zod message `E<code>` names the catalogue code the server answers.
 */

export const SignInProviderId = z.enum(['google']);
export type SignInProviderId = z.infer<typeof SignInProviderId>;

/** What the sign-in pages need: the providers an operator has configured and enabled. */
export const SignInProviders = z.object({ providers: z.array(SignInProviderId) });
export type SignInProviders = z.infer<typeof SignInProviders>;

export const OAuthStartResult = z.object({
  /** Where the browser goes next (the provider's authorization endpoint, with state, nonce and PKCE). */
  url: z.string(),
  expiresAt: z.string(),
});
export type OAuthStartResult = z.infer<typeof OAuthStartResult>;

const Opaque = (code: number) =>
  z
    .string({ error: `E${code}` })
    .trim()
    .min(1, { error: `E${code}` })
    .max(2048, { error: `E${code}` });

/** The query the provider sent the browser back with, posted by the callback page. */
export const GoogleCallbackRequest = z.object({
  code: Opaque(40103),
  state: Opaque(40101),
  /** RFC 9207: the issuer the response came from, when the provider names it. */
  iss: z.string().trim().max(2048).optional(),
});
export type GoogleCallbackRequest = z.input<typeof GoogleCallbackRequest>;

/**
 * The provider proved an email address that already has an account, which this identity is not
 * linked to: no session. The owner proves the account (its password, or a code mailed to it) with
 * the ticket, single use and short lived, and the identity is linked.
 */
export const LinkRequired = z.object({
  linkRequired: z.object({
    ticket: z.string(),
    /** The account's address, masked. */
    email: z.string(),
    /** `password` only when the account has one. */
    methods: z.array(z.enum(['password', 'emailCode'])),
    expiresAt: z.string(),
  }),
});
export type LinkRequired = z.infer<typeof LinkRequired>;

/** What `login/loginByGoogle` answers: a session, a second-factor challenge, or a link to prove. */
export const GoogleSignInOutcome = z.union([LoginResult, TwoFactorChallenge, LinkRequired]);
export type GoogleSignInOutcome = z.infer<typeof GoogleSignInOutcome>;

export const LinkTicket = z
  .string({ error: 'E40105' })
  .trim()
  .min(1, { error: 'E40105' })
  .max(200, { error: 'E40105' });

export const LinkCodeRequest = z.object({ ticket: LinkTicket });

export const LinkProofRequest = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('password'),
    ticket: LinkTicket,
    password: z.string({ error: 'E40024' }).min(1, { error: 'E40024' }).max(PASSWORD_MAX, { error: 'E10004' }),
  }),
  z.object({ method: z.literal('emailCode'), ticket: LinkTicket, code: VerificationCode }),
]);
export type LinkProofRequest = z.input<typeof LinkProofRequest>;

/** A third-party identity linked to the signed-in account (the account centre's list). */
export const LinkedIdentity = z.object({
  id: z.number().int(),
  provider: SignInProviderId,
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentity>;

export const LinkedIdentities = z.object({
  identities: z.array(LinkedIdentity),
  /** Whether the account has a password (an identity may be unlinked while another way in remains). */
  hasPassword: z.boolean(),
});
export type LinkedIdentities = z.infer<typeof LinkedIdentities>;

export const UnlinkIdentityRequest = z.object({ id: z.coerce.number({ error: 'E40001' }).int().positive() });

/** (admin) A provider's settings as the back office sees them: the secret is never returned. */
export const AdminSignInProvider = z.object({
  provider: SignInProviderId,
  clientId: z.string(),
  issuer: z.string(),
  enabled: z.boolean(),
  /** Whether a client secret is stored (it is write-only). */
  hasSecret: z.boolean(),
  /** `settings`: saved in the back office; `env`: GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET; `none`. */
  source: z.enum(['settings', 'env', 'none']),
  /** Where the provider must send users back (register it with the provider). */
  redirectUri: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminSignInProvider = z.infer<typeof AdminSignInProvider>;

export const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';

export const UpdateSignInProviderRequest = z.object({
  clientId: z
    .string({ error: 'E40001' })
    .trim()
    .min(1, { error: 'E40001' })
    .max(512, { error: 'E40001' })
    .regex(/^[\x21-\x7e]+$/, { error: 'E40001' }),
  /** Omitted or empty: the stored secret is kept. */
  clientSecret: z
    .string()
    .trim()
    .max(512, { error: 'E40001' })
    .regex(/^[\x21-\x7e]*$/, { error: 'E40001' })
    .optional(),
  issuer: z
    .string()
    .trim()
    .max(512, { error: 'E40109' })
    .pipe(z.url({ protocol: /^https?$/, error: 'E40109' }))
    .default(DEFAULT_GOOGLE_ISSUER),
  enabled: z.boolean(),
});
export type UpdateSignInProviderRequest = z.input<typeof UpdateSignInProviderRequest>;
