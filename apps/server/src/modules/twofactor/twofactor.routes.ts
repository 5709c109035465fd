import { LoginResult } from '@openbourse/contracts/auth.ts';
import {
  FreshConfirmation,
  PasskeyRemoveRequest,
  PasskeyRenameRequest,
  PasskeyVerifyRequest,
  PasskeyView,
  RecoveryCodesResult,
  SignInAnswerRequest,
  SignInPasskeyOptionsRequest,
  TotpConfirmRequest,
  TotpEnrolment,
  TwoFactorStatus,
  WebAuthnOptions,
} from '@openbourse/contracts/twofactor.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { TwoFactorEnrolment } from './twofactor.enrol.ts';
import type { TwoFactorCore } from './twofactor.service.ts';
import { relyingParty } from './twofactor.webauthn.ts';

const BASE = '/swx/customer/twofactor';
const TAGS = ['twofactor'];
/** Sign-in answers and their passkey options per client (the per-user try limit is the real bound). */
/** WebAuthn options are plain JSON the browser library reads as it is. */
const json = (options: object) => options as Record<string, unknown>;

const SIGN_IN_CLIENT: LimitRule = { windowMs: 60_000, max: 300 };

const CONFIRM_NOTE =
  'Needs a fresh confirmation: `password` (10004 when wrong) and, when a second factor is enrolled, `proof` ' +
  '(40120 when missing, 40121 when wrong; 40123 after 10 tries in 15 minutes).';

/** The second factor (modules/twofactor): enrolment in the account centre, the sign-in challenge's answer. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  opts: { core: TwoFactorCore; enrol: TwoFactorEnrolment; limiter: RateLimiter; publicUrl?: string | undefined },
) {
  const { core, enrol, limiter } = opts;
  const r = typed(app);
  const authed = { config: { auth: 'required' as const } };
  const rp = (req: FastifyRequest) => relyingParty(opts.publicUrl, req);
  const meta = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  });

  r.get(
    `${BASE}/status`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'The user’s second factors: TOTP on or off, passkeys, recovery codes left',
        security: BEARER,
        response: { 200: envelope(TwoFactorStatus) },
      },
    },
    async (req) => ok(req, await core.status(req.user!.id)),
  );

  r.post(
    `${BASE}/totp/start`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Start TOTP enrolment: a new secret and its otpauth:// URI, shown once',
        description: `${CONFIRM_NOTE} 40124 when TOTP is already on. Counts only once confirmed by a first code.`,
        security: BEARER,
        body: FreshConfirmation,
        response: { 200: envelope(TotpEnrolment) },
      },
    },
    async (req) => ok(req, await enrol.totpStart(req.user!.id, req.body, rp(req))),
  );

  r.post(
    `${BASE}/totp/confirm`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Confirm TOTP enrolment with a first code; the first factor answers the ten recovery codes, once',
        description: '40121 when the code is wrong or its step used; 40124 when no enrolment was started.',
        security: BEARER,
        body: TotpConfirmRequest,
        response: { 200: envelope(RecoveryCodesResult) },
      },
    },
    async (req) => ok(req, await enrol.totpConfirm(req.user!.id, req.body.code)),
  );

  r.post(
    `${BASE}/totp/remove`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Remove TOTP (the recovery codes go too when no factor is left)',
        description: `${CONFIRM_NOTE} 40127 when TOTP is not on.`,
        security: BEARER,
        body: FreshConfirmation,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await enrol.totpRemove(req.user!.id, req.body, rp(req));
      return ok(req, null);
    },
  );

  r.post(
    `${BASE}/passkeys/options`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Registration options for a new passkey (WebAuthn; the challenge lives 5 minutes, single use)',
        description: `${CONFIRM_NOTE} 40129 at 10 passkeys.`,
        security: BEARER,
        body: FreshConfirmation,
        response: { 200: envelope(WebAuthnOptions) },
      },
    },
    async (req) => ok(req, json(await enrol.passkeyOptions(req.user!.id, req.body, rp(req)))),
  );

  r.post(
    `${BASE}/passkeys/verify`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Store a new passkey from the browser’s attestation; the first factor answers the recovery codes',
        description: '40126 when the attestation does not verify or its options expired or were used.',
        security: BEARER,
        body: PasskeyVerifyRequest,
        response: { 200: envelope(z.object({ passkey: PasskeyView, recoveryCodes: z.array(z.string()).nullable() })) },
      },
    },
    async (req) => ok(req, await enrol.passkeyVerify(req.user!.id, req.body, rp(req))),
  );

  r.post(
    `${BASE}/passkeys/rename`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Rename a passkey (40125 when not one of the user’s; 40128 for an empty or long name)',
        security: BEARER,
        body: PasskeyRenameRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await enrol.passkeyRename(req.user!.id, req.body.id, req.body.name);
      return ok(req, null);
    },
  );

  r.post(
    `${BASE}/passkeys/remove`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Remove a passkey (the recovery codes go too when no factor is left)',
        description: `${CONFIRM_NOTE} 40125 when not one of the user’s.`,
        security: BEARER,
        body: PasskeyRemoveRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const { id, ...confirmation } = req.body;
      await enrol.passkeyRemove(req.user!.id, id, confirmation, rp(req));
      return ok(req, null);
    },
  );

  r.post(
    `${BASE}/recovery/regenerate`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Ten new recovery codes, shown once; the old ones stop working',
        description: `${CONFIRM_NOTE} 40127 without a second factor.`,
        security: BEARER,
        body: FreshConfirmation,
        response: { 200: envelope(RecoveryCodesResult) },
      },
    },
    async (req) => ok(req, await enrol.regenerateRecoveryCodes(req.user!.id, req.body, rp(req))),
  );

  r.post(
    `${BASE}/stepUp/passkeyOptions`,
    {
      ...authed,
      schema: {
        tags: TAGS,
        summary: 'Passkey options to confirm an action (a withdrawal, an enrolment) with a passkey',
        description: '40127 when the user has no passkey.',
        security: BEARER,
        response: { 200: envelope(WebAuthnOptions) },
      },
    },
    async (req) => ok(req, json(await core.stepUpOptions(req.user!.id, rp(req)))),
  );

  r.post(
    `${BASE}/signIn/passkeyOptions`,
    {
      schema: {
        tags: TAGS,
        summary: 'Passkey options for a sign-in ticket (the challenge is kept with the ticket)',
        description: '40122 when the ticket is unknown, expired or answered.',
        body: SignInPasskeyOptionsRequest,
        response: { 200: envelope(WebAuthnOptions) },
      },
    },
    async (req) => {
      await limit(limiter, `twofactor-ip:${req.ip}`, SIGN_IN_CLIENT);
      return ok(req, json(await core.signInPasskeyOptions(req.body.ticket, rp(req))));
    },
  );

  r.post(
    `${BASE}/signIn`,
    {
      schema: {
        tags: TAGS,
        summary: 'Answer a sign-in’s second-factor challenge: a TOTP code, a passkey or a recovery code; the session',
        description:
          'The ticket comes from a sign-in call (login/login …) that answered `twoFactor`; it lives 5 minutes and is ' +
          'used once (40122 otherwise). A wrong, used or expired proof answers 40121; more than 10 tries per account ' +
          'in 15 minutes 40123.',
        body: SignInAnswerRequest,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (req) => {
      await limit(limiter, `twofactor-ip:${req.ip}`, SIGN_IN_CLIENT);
      return ok(req, await core.answer(req.body.ticket, req.body.proof, meta(req), rp(req)));
    },
  );
}
